import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider.js';
import { EmbedProvider } from '../lib/embed/embed-context.js';
import { STANDALONE_PAGE, type PageOptions } from '../lib/embed/page-options.js';
import { ServicesProvider, type AppServices } from '../lib/services/services-context.js';

/** Everything the screens expect around them: the services, the page's options and the toast region. */
export function AppProviders({
  services,
  pageOptions = STANDALONE_PAGE,
  children,
}: {
  services: AppServices;
  pageOptions?: PageOptions;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={services}>
      <EmbedProvider options={pageOptions}>
        <ToastProvider>{children}</ToastProvider>
      </EmbedProvider>
    </ServicesProvider>
  );
}
