import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ServicesProvider, useServices } from '../../lib/services/services-context.js';
import { chatCallServices } from './hooks/chat-calls.js';
import { createServerClock, type ServerClock } from './hooks/server-clock.js';

const ServerClockContext = createContext<ServerClock | null>(null);

/**
 * Around the chat page: its services as it calls them (deadlines on writes and chat calls, the server
 * clock learned from what the server stamps; see hooks/chat-calls.ts) and that clock, by which every
 * expiry check of the page is made. One clock per page, its offset remembered for the tab.
 */
export function ChatCallsProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const value = useMemo(() => {
    const clock = createServerClock(services.session);
    return { clock, services: chatCallServices(services, clock) };
  }, [services]);
  return (
    <ServicesProvider services={value.services}>
      <ServerClockContext.Provider value={value.clock}>{children}</ServerClockContext.Provider>
    </ServicesProvider>
  );
}

/** The server's clock as the chat page knows it. Throws outside <ChatCallsProvider>. */
export function useServerClock(): ServerClock {
  const clock = useContext(ServerClockContext);
  if (!clock) throw new Error('useServerClock() was called outside <ChatCallsProvider> (see chat-page.tsx).');
  return clock;
}
