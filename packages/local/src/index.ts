/**
 * @chat/local: the DataProvider, AuthProvider and ChatService over the mock server (mock-server/),
 * for offline development, demos and tests. Limits: it needs that one server process to be
 * running (no offline mode, no retries); the bot check is invisible and always local; the session
 * is kept in the Storage you pass (or in memory) and read once at start. See each file's header.
 */
export { createLocalBackend, DEFAULT_SERVER_URL, type LocalBackendOptions } from './local-backend.js';
export {
  createLocalDataProvider,
  type LocalDataProvider,
  type LocalDataProviderOptions,
} from './local-data-provider.js';
export {
  createLocalAuthProvider,
  TOKEN_REFRESH_MARGIN_MS,
  type LocalAuthProviderOptions,
} from './local-auth-provider.js';
export { SESSION_STORAGE_KEY } from './session-store.js';
export type { LocalSocketOptions } from './socket-connection.js';
