/**
 * DataProvider over the mock server: the §7 reads and writes as JSON over HTTP (DATA_ROUTES) and
 * live messages over one shared socket.io connection (SOCKET_EVENTS).
 *
 * Limits: no offline cache or write queue — every call needs the server (an unreachable server
 * rejects with 'unavailable'); no retries; a live subscription waits through network outages and
 * resumes from the last sequence number it saw, but reports an error when the server refuses it.
 */
import { requestJson, requestNoContent, type FetchLike, type JsonRequest } from '@chat/chat-client';
import {
  DATA_ROUTES,
  DocumentIdCheck,
  HandleCheck,
  NewConversationCheck,
  NewFeedItemCheck,
  NewMessageCheck,
  ProviderError,
  SOCKET_EVENTS,
  checkInput as check,
  runCheck,
  readBusiness,
  readConversation,
  readFeedItem,
  readMessage,
  type DataProvider,
  type ReadResult,
} from '@chat/core';
import { subscribeToConversationMessages } from './message-subscription.js';
import {
  createSocketConnection,
  type LocalSocketOptions,
  type SocketConnection,
} from './socket-connection.js';

export interface LocalDataProviderOptions {
  /** The mock server's base URL, e.g. "http://localhost:4000". */
  serverUrl: string;
  fetch?: FetchLike;
  /** The signed-in visitor's ID token, sent as the bearer token; anonymous when absent or null. */
  getIdToken?: () => Promise<string | null>;
  /** Passed to socket.io-client (e.g. transports, extraHeaders); the socket is one per provider. */
  socketOptions?: LocalSocketOptions;
  /** How long a live subscription waits for the server's answer while connected. Default 10 s. */
  subscribeTimeoutMs?: number;
  /**
   * Open the live-messages socket now rather than at the first subscription, so that its handshake
   * overlaps the reads and writes that come before it (the chat page's first screen). Default false.
   */
  connectAtStart?: boolean;
}

/** A DataProvider that holds a socket: close() releases it. */
export interface LocalDataProvider extends DataProvider {
  close(): void;
}

const WHAT = 'Data service';

export function createLocalDataProvider(options: LocalDataProviderOptions): LocalDataProvider {
  const base = options.serverUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const getIdToken = options.getIdToken ?? (async () => null);
  let connection: SocketConnection | null = null;
  const sharedConnection = (): SocketConnection =>
    (connection ??= createSocketConnection(base, options.socketOptions));
  if (options.connectAtStart) sharedConnection().socket();
  /** Live subscriptions per conversation on the shared socket; the server is told to stop at zero. */
  const subscribers = new Map<string, number>();

  async function call(method: JsonRequest['method'], path: string, body?: unknown): Promise<JsonRequest> {
    return { fetch: doFetch, method, url: base + path, body, idToken: await getIdToken(), what: WHAT };
  }

  /**
   * A read with core's liberal reader (other tools write these documents too) that resolves null
   * for the statuses listed (the document is missing or not ours).
   */
  async function getOrNull<T>(path: string, read: (body: unknown) => ReadResult<T>, nullStatuses: number[]) {
    try {
      return await requestJson(await call('GET', path), read);
    } catch (error) {
      if (
        error instanceof ProviderError &&
        error.status !== undefined &&
        nullStatuses.includes(error.status)
      ) {
        return null;
      }
      throw error;
    }
  }

  return {
    // async so that a rejected argument is a rejected promise, never a synchronous throw.
    getBusinessById: async (businessId) =>
      getOrNull(
        DATA_ROUTES.businessById(check(DocumentIdCheck, businessId, 'businessId')),
        (body) => readBusiness(body),
        [404],
      ),

    getBusinessByHandle: async (handle) =>
      getOrNull(
        DATA_ROUTES.businessByHandle(check(HandleCheck, handle, 'handle')),
        (body) => readBusiness(body),
        [404],
      ),

    getConversation: async (conversationId) =>
      getOrNull(
        DATA_ROUTES.conversation(check(DocumentIdCheck, conversationId, 'conversationId')),
        (body) => readConversation(body),
        [403, 404],
      ),

    async createConversation(input) {
      const body = check(NewConversationCheck, input, 'conversation');
      return requestJson(await call('POST', DATA_ROUTES.conversations, body), (answer) =>
        readConversation(answer),
      );
    },

    async addMessage(conversationId, message) {
      const path = DATA_ROUTES.messages(check(DocumentIdCheck, conversationId, 'conversationId'));
      return requestJson(await call('POST', path, check(NewMessageCheck, message, 'message')), (answer) =>
        readMessage(answer),
      );
    },

    async addFeedItem(businessId, item) {
      const path = DATA_ROUTES.feed(check(DocumentIdCheck, businessId, 'businessId'));
      await requestJson(await call('POST', path, check(NewFeedItemCheck, item, 'feedItem')), readFeedItem);
    },

    async markSignupFeedPosted(conversationId) {
      const path = DATA_ROUTES.signupFeedPosted(check(DocumentIdCheck, conversationId, 'conversationId'));
      await requestNoContent(await call('POST', path));
    },

    subscribeToMessages(conversationId, observer) {
      const id = runCheck(DocumentIdCheck, conversationId);
      if (!id.ok) {
        // Reported like any other subscription failure, asynchronously, so callers handle one path.
        const error = new ProviderError('invalid-argument', `Invalid conversationId: ${id.problem}`);
        let cancelled = false;
        queueMicrotask(() => {
          if (!cancelled) observer.error(error);
        });
        return () => {
          cancelled = true;
        };
      }
      const socket = sharedConnection().socket();
      subscribers.set(conversationId, (subscribers.get(conversationId) ?? 0) + 1);
      return subscribeToConversationMessages({
        socket,
        conversationId,
        observer,
        getIdToken,
        ackTimeoutMs: options.subscribeTimeoutMs ?? 10_000,
        onEnd() {
          const left = (subscribers.get(conversationId) ?? 1) - 1;
          if (left > 0) {
            subscribers.set(conversationId, left);
            return;
          }
          subscribers.delete(conversationId);
          if (socket.connected) socket.emit(SOCKET_EVENTS.unsubscribe, { conversationId });
        },
      });
    },

    close() {
      subscribers.clear();
      connection?.close();
      connection = null;
    },
  };
}
