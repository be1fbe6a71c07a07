import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { createHostBridge, type HostBridge } from './host-bridge.js';
import { STANDALONE_PAGE, type PageOptions } from './page-options.js';

interface EmbedValue {
  options: PageOptions;
  /** The channel to the host page when the page runs in the snippet's iframe, else null. */
  host: HostBridge | null;
  /** Asks the host page to close the snippet's panel; null on the plain page. */
  closePanel: (() => void) | null;
}

const EmbedContext = createContext<EmbedValue>({ options: STANDALONE_PAGE, host: null, closePanel: null });

/**
 * Gives the screens the page's start-up options and, when embedded, the channel to the host. It wraps
 * every state of the page, the boot error included (main.tsx), so that in the snippet's panel Escape
 * closes the panel whatever the page shows: focus is inside the iframe, so the host page never sees the
 * key itself, and on a phone the panel covers the host page's own launcher.
 */
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
  const value = useMemo(() => {
    const bridge = host ?? (options.embedHostOrigin ? createHostBridge(options.embedHostOrigin) : null);
    return {
      options,
      host: bridge,
      closePanel: bridge ? () => bridge.post({ type: 'close' }) : null,
    };
  }, [options, host]);

  const { closePanel } = value;
  useEffect(() => {
    if (!closePanel) return;
    // On window, so it runs after every document-level handler: one that used Escape for itself (a
    // drawer closing) prevents the default, and the panel stays open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closePanel();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [closePanel]);

  return <EmbedContext.Provider value={value}>{children}</EmbedContext.Provider>;
}

export function useEmbed(): EmbedValue {
  return useContext(EmbedContext);
}
