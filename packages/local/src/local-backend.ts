/**
 * The local backend: the three services over the mock server (mock-server/), for offline
 * development, demos and tests.
 *
 * Limits: everything goes through one server process (default http://localhost:4000) with no
 * offline mode; see the limits of local-data-provider.ts and local-auth-provider.ts.
 */
import { createHttpChatService, type FetchLike } from '@chat/chat-client';
import type { Backend, KeyValueStore } from '@chat/core';
import { createLocalAuthProvider } from './local-auth-provider.js';
import { createLocalDataProvider } from './local-data-provider.js';
import { renewingFetch } from './renewing-fetch.js';
import type { LocalSocketOptions } from './socket-connection.js';

export const DEFAULT_SERVER_URL = 'http://localhost:4000';

export interface LocalBackendOptions {
  /** The mock server's base URL. Default http://localhost:4000. */
  serverUrl?: string;
  /**
   * Persists the signed-in session (e.g. `storageOrMemory(() => window.localStorage)`); in memory only when
   * absent or when the storage refuses.
   */
  storage?: KeyValueStore;
  fetch?: FetchLike;
  /** Passed to socket.io-client for the live-messages socket. */
  socketOptions?: LocalSocketOptions;
  /** Open the live-messages socket at once (see LocalDataProviderOptions.connectAtStart). */
  connectAtStart?: boolean;
}

export function createLocalBackend(options: LocalBackendOptions = {}): Backend {
  const serverUrl = options.serverUrl ?? DEFAULT_SERVER_URL;
  const auth = createLocalAuthProvider({ serverUrl, storage: options.storage, fetch: options.fetch });
  // A call refused for its token (the server's clock moved past it) is sent again with a renewed one.
  const fetchOnce: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetch = renewingFetch(
    fetchOnce,
    (rejected) => auth.renewIdToken(rejected),
    () => auth.currentUser() !== null,
  );
  const data = createLocalDataProvider({
    serverUrl,
    fetch,
    getIdToken: () => auth.getIdToken(),
    renewIdToken: (rejected) => auth.renewIdToken(rejected),
    socketOptions: options.socketOptions,
    connectAtStart: options.connectAtStart,
  });
  const chat = createHttpChatService({ baseUrl: serverUrl, fetch });
  return { data, auth, chat, close: () => data.close() };
}
