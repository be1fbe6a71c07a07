import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createHostBridge, type HostBridge } from './host-bridge.js';
import { STANDALONE_PAGE, type PageOptions } from './page-options.js';

interface EmbedValue {
  options: PageOptions;
  /** The channel to the host page when the page runs in the snippet's iframe, else null. */
  host: HostBridge | null;
}

const EmbedContext = createContext<EmbedValue>({ options: STANDALONE_PAGE, host: null });

/** Gives the screens the page's start-up options and, when embedded, the channel to the host. */
export function EmbedProvider({
  options,
  host,
  children,
}: {
  options: PageOptions;
  /** The channel to use instead of postMessage to window.parent (tests). */
  host?: HostBridge;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({
      options,
      host: host ?? (options.embedHostOrigin ? createHostBridge(options.embedHostOrigin) : null),
    }),
    [options, host],
  );
  return <EmbedContext.Provider value={value}>{children}</EmbedContext.Provider>;
}

export function useEmbed(): EmbedValue {
  return useContext(EmbedContext);
}
