import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider.js';
import { EmbedProvider } from '../lib/embed/embed-context.js';
import type { HostBridge } from '../lib/embed/host-bridge.js';
import { STANDALONE_PAGE, type PageOptions } from '../lib/embed/page-options.js';
import { ServicesProvider, type AppServices } from '../lib/services/services-context.js';

/** Everything the screens expect around them: the services, the page's options and the toast region. */
export function AppProviders({
  services,
  pageOptions = STANDALONE_PAGE,
  embedHost,
  children,
}: {
  services: AppServices;
  pageOptions?: PageOptions;
  /** Tests: the channel to the host page, instead of postMessage. */
  embedHost?: HostBridge;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <EmbedProvider options={pageOptions} host={embedHost}>
        <ToastProvider>{children}</ToastProvider>
      </EmbedProvider>
    </ServicesProvider>
  );
}
