import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider.js';
import { ServicesProvider, type AppServices } from '../lib/services/services-context.js';

/** Everything the screens expect around them: the services and the toast region. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <ToastProvider>{children}</ToastProvider>
    </ServicesProvider>
  );
}
