import type { AuthProvider } from './auth-provider.js';
import type { ChatService } from './chat-service.js';
import type { DataProvider } from './data-provider.js';

/** The three services the web app talks to, as one backend hands them over. */
export interface Backend {
  data: DataProvider;
  auth: AuthProvider;
  chat: ChatService;
  /** Releases sockets and listeners (tests and hot reload). */
  close(): void;
}
