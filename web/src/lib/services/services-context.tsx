/**
 * The services the app runs on, handed to the component tree through React context.
 *
 * The composition root (src/app) builds them once from the chosen backend; components and hooks
 * reach them only through useServices(), so no feature knows which backend it talks to and tests
 * can render any screen with in-memory services.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { AuthProvider, ChatService, DataProvider, KeyValueStore } from '@chat/core';

export interface AppConfig {
  /** The assistant's name, introduced by the typing indicator. */
  assistantName: string;
  /** The external form 'Contact Support' opens. */
  supportFormUrl: string;
  /** The business the root route `/` opens. */
  defaultBusinessId: string;
  /** Pauses before each new attempt of a business or conversation read that failed in passing. */
  readRetryDelaysMs: readonly number[];
  /** How long a write may take before the page reports it failed (WRITE_TIMEOUT_MS). */
  writeTimeoutMs: number;
  /** How long a chat-service call may take before the page reports it failed (CHAT_TIMEOUT_MS). */
  chatTimeoutMs: number;
}

/** What the page asks of the browser beyond the DOM: kept here so it can be observed in tests. */
export interface BrowserActions {
  /** Reloads the page ('Refresh Page'). */
  reload(): void;
  /** Opens an external address in a new tab, without giving it a handle on this page. */
  openInNewTab(url: string): void;
}

export interface AppServices {
  data: DataProvider;
  auth: AuthProvider;
  chat: ChatService;
  config: AppConfig;
  browser: BrowserActions;
  /**
   * Where the current conversation id is kept for the browser tab (§3 Browser storage). It must not throw:
   * the page gives `storageOrMemory(() => window.sessionStorage)`.
   */
  storage: KeyValueStore;
}

export const windowBrowserActions: BrowserActions = {
  reload: () => window.location.reload(),
  openInNewTab: (url) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's services. Throws when rendered outside <ServicesProvider>. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) {
    throw new Error(
      'useServices() was called outside <ServicesProvider>. Render the app through <AppProviders> (src/app/app-providers.tsx), ' +
        'or wrap the component under test in <ServicesProvider services={…}>.',
    );
  }
  return services;
}
