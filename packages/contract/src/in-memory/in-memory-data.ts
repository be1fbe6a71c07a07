/**
 * A DataProvider held in memory, for component tests of the chat page.
 *
 * Limits: one process, no persistence, and of the access rules only these, as on both real backends: a
 * conversation only for an approved business ('permission-denied' otherwise), a message only as its
 * role allows (core's NewMessageCheck), and, given `currentUser`, a signed-in visitor's conversation
 * reads as missing to anyone else, and a feed item needs a signed-in visitor ('unauthenticated'
 * otherwise: the page must post it after the sign-in) whose conversation it names, if that one has an
 * owner ('permission-denied'). Anyone may still write to or listen to any conversation.
 * It behaves like the real providers where the page can tell: inputs are checked against the core
 * schemas and rejected with ProviderError('invalid-argument'), unknown documents read as null,
 * subscribers get the whole ordered list first and after every change — delivered asynchronously,
 * as over a network — and `failNext` makes the next call of an operation fail, like the mock
 * server's fault injection. A subscription to a conversation it does not hold fails with
 * 'not-found', as on the mock server; `forgetConversation` loses one as a restart without a data
 * file does, and `holdNext` keeps a call waiting (a slow or hung server) until the test lets it go.
 */
import {
  assertChatEnabled,
  NewConversationSchema,
  NewFeedItemSchema,
  NewMessageSchema,
  ProviderError,
  expiryFor,
  isDocumentId,
  lastMessageOf,
  type AuthUser,
  type Business,
  type Conversation,
  type DataProvider,
  type FeedItem,
  type Message,
  type MessagesObserver,
  type NewConversation,
  type StreamState,
} from '@chat/core';
import type * as z from 'zod/mini';

export type DataOperation = Exclude<keyof DataProvider, 'subscribeToMessages'> | 'subscribeToMessages';

export interface InMemoryData extends DataProvider {
  /**
   * Makes the next `times` calls (default 1) of `operation` fail (for subscribeToMessages: the
   * subscription errors).
   */
  failNext(operation: DataOperation, error?: ProviderError, times?: number): void;
  /** Every conversation, oldest first. */
  conversations(): Conversation[];
  conversation(id: string): Conversation | undefined;
  /** The stored messages of a conversation, in insertion order. */
  messages(conversationId: string): Message[];
  feed(businessId: string): FeedItem[];
  /** Creates or replaces a business (the contract harness's seedBusiness). */
  putBusiness(business: Business): void;
  /** Stores a conversation as given (for expired or foreign ones); returns it. */
  seedConversation(fields: Partial<Conversation> & { businessId: string }): Conversation;
  /** Adds or changes an assistant message in place and notifies subscribers (a streamed reply). */
  putAssistantMessage(
    conversationId: string,
    fields: { id?: string; text: string; streaming?: boolean },
  ): Message;
  /** Adds any message directly (seed data), bypassing the client-side write rules. */
  seedMessage(conversationId: string, fields: Partial<Message> & Pick<Message, 'role' | 'text'>): Message;
  /**
   * Keeps the next call of `operation` waiting, as a slow or hung server would, until `release()`
   * (then it runs as usual). `started` resolves once the call has arrived.
   */
  holdNext(operation: DataOperation): { started: Promise<void>; release(): void };
  /**
   * Loses the conversation and its messages, as the mock server does when it restarts without a data
   * file. Its live subscriptions then fail with 'not-found' (the socket reconnects and the server no
   * longer knows it), unless `subscriptions` is 'kept', for a server that has not noticed yet.
   */
  forgetConversation(conversationId: string, options?: { subscriptions?: 'fail' | 'kept' }): void;
  /** Makes every live subscription to the conversation fail. */
  breakSubscriptions(conversationId: string, error?: ProviderError): void;
  /** Tells subscribers of the conversation that the stream dropped or is back. */
  setStreamState(conversationId: string, state: StreamState): void;
  /** Hands subscribers of the conversation a raw, possibly malformed snapshot. */
  pushRawSnapshot(conversationId: string, snapshot: unknown): void;
  subscriberCount(conversationId: string): number;
  /**
   * The message once it is stored, or null after `waitMs` or when `signal` aborts — how the chat
   * services wait for a message the page is still saving (decision 0025).
   */
  whenStored(
    conversationId: string,
    messageId: string,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<Message | null>;
}

function parse<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderError('invalid-argument', `${what}: ${result.error.message}`);
  return result.data;
}

/** As the real providers: an id that cannot name a document is refused before any lookup. */
function documentId(id: string, what: string): void {
  if (!isDocumentId(id)) throw new ProviderError('invalid-argument', `${what}: not a document id: "${id}"`);
}

export interface InMemoryDataOptions {
  businesses: Business[];
  now?: () => number;
  /**
   * The signed-in visitor (the auth provider's currentUser); without it, neither who reads a
   * conversation nor who posts a feed item is checked.
   */
  currentUser?: () => AuthUser | null;
}

export function createInMemoryData(options: InMemoryDataOptions): InMemoryData {
  const now = options.now ?? Date.now;
  const businesses = new Map(options.businesses.map((b) => [b.id, structuredClone(b)]));
  const conversations = new Map<string, Conversation>();
  const messages = new Map<string, Message[]>();
  const feeds = new Map<string, FeedItem[]>();
  const observers = new Map<string, Set<MessagesObserver>>();
  const faults = new Map<DataOperation, { error: ProviderError; left: number }>();
  /** Consumes one pending failure of `operation`. */
  const takeFault = (operation: DataOperation): ProviderError | undefined => {
    const fault = faults.get(operation);
    if (!fault) return undefined;
    if (--fault.left <= 0) faults.delete(operation);
    return fault.error;
  };
  let nextId = 1;
  let lastCreatedAt = 0;

  const newId = (prefix: string) => `${prefix}-${nextId++}`;
  // Strictly increasing times keep the order of quick successive writes unambiguous.
  const stamp = () => (lastCreatedAt = Math.max(now(), lastCreatedAt + 1));

  const checkFault = (operation: DataOperation) => {
    const fault = takeFault(operation);
    if (fault) throw fault;
  };

  const holds = new Map<DataOperation, { arrived(): void; released: Promise<void> }>();
  /** Waits while a test holds this call (holdNext); a call that is not held goes on at once. */
  const waitIfHeld = async (operation: DataOperation) => {
    const hold = holds.get(operation);
    if (!hold) return;
    holds.delete(operation);
    hold.arrived();
    await hold.released;
  };

  const sorted = (conversationId: string) =>
    structuredClone([...(messages.get(conversationId) ?? [])].sort((a, b) => a.createdAt - b.createdAt));

  const notify = (conversationId: string) => {
    const snapshot = sorted(conversationId);
    for (const observer of observers.get(conversationId) ?? []) {
      queueMicrotask(() => {
        if (observers.get(conversationId)?.has(observer)) observer.next(structuredClone(snapshot));
      });
    }
  };

  /** Waits of whenStored, each told of every message stored. */
  const storedWaits = new Set<(conversationId: string, message: Message) => void>();

  const store = (conversationId: string, message: Message) => {
    const list = messages.get(conversationId) ?? [];
    const index = list.findIndex((m) => m.id === message.id);
    if (index === -1) list.push(message);
    else list[index] = message;
    messages.set(conversationId, list);
    notify(conversationId);
    for (const wait of [...storedWaits]) wait(conversationId, message);
    return structuredClone(message);
  };

  const breakSubscriptions = (conversationId: string, error: ProviderError) => {
    const set = observers.get(conversationId);
    observers.delete(conversationId);
    for (const observer of set ?? []) queueMicrotask(() => observer.error(error));
  };

  const requireConversation = (id: string) => {
    const conversation = conversations.get(id);
    if (!conversation) throw new ProviderError('not-found', `No conversation "${id}"`);
    return conversation;
  };

  return {
    async getBusinessById(id) {
      checkFault('getBusinessById');
      documentId(id, 'businessId');
      await waitIfHeld('getBusinessById');
      return structuredClone(businesses.get(id) ?? null);
    },
    async getBusinessByHandle(handle) {
      checkFault('getBusinessByHandle');
      return structuredClone([...businesses.values()].find((b) => b.handle === handle) ?? null);
    },
    async getConversation(id) {
      checkFault('getConversation');
      documentId(id, 'conversationId');
      const conversation = conversations.get(id) ?? null;
      const owner = conversation?.userId;
      if (owner && options.currentUser && options.currentUser()?.uid !== owner) return null;
      return structuredClone(conversation);
    },
    async createConversation(input: NewConversation) {
      await waitIfHeld('createConversation');
      checkFault('createConversation');
      const fields = parse(NewConversationSchema, input, 'createConversation');
      const business = businesses.get(fields.businessId);
      if (!business) throw new ProviderError('invalid-argument', `No business "${fields.businessId}"`);
      assertChatEnabled(business);
      const createdAt = stamp();
      const conversation: Conversation = {
        id: newId('conv'),
        ...fields,
        summaryFeedPosted: false,
        signupFeedPosted: false,
        createdAt,
        updatedAt: createdAt,
        expiredAt: expiryFor(createdAt),
        lastMessage: null,
      };
      conversations.set(conversation.id, conversation);
      return structuredClone(conversation);
    },
    async addMessage(conversationId, input) {
      await waitIfHeld('addMessage');
      checkFault('addMessage');
      requireConversation(conversationId);
      const conversation = requireConversation(conversationId);
      const fields = parse(NewMessageSchema, input, 'addMessage');
      // The same id again (a retried save) is a no-op answering the stored copy, as on both backends.
      const existing = messages.get(conversationId)?.find((m) => m.id === fields.id);
      if (existing) return structuredClone(existing);
      const createdAt = stamp();
      const message = store(conversationId, { ...fields, createdAt });
      if (message.role === 'user') {
        conversation.lastMessage = lastMessageOf(message);
        conversation.updatedAt = createdAt;
      }
      return message;
    },
    async addFeedItem(businessId, item) {
      checkFault('addFeedItem');
      const user = options.currentUser ? options.currentUser() : undefined;
      if (user === null) {
        throw new ProviderError('unauthenticated', 'Adding a feed item needs a signed-in visitor');
      }
      if (!businesses.has(businessId)) throw new ProviderError('not-found', `No business "${businessId}"`);
      const fields = parse(NewFeedItemSchema, item, 'addFeedItem');
      const owner = conversations.get(fields.conversationId)?.userId;
      if (user && owner && owner !== user.uid) {
        throw new ProviderError('permission-denied', "A feed item for another visitor's conversation");
      }
      const feed = feeds.get(businessId) ?? [];
      feed.push({ id: newId('feed'), createdAt: stamp(), ...fields });
      feeds.set(businessId, feed);
    },
    async markSignupFeedPosted(conversationId) {
      checkFault('markSignupFeedPosted');
      requireConversation(conversationId).signupFeedPosted = true;
    },
    subscribeToMessages(conversationId, observer) {
      let active = true;
      const fault = takeFault('subscribeToMessages');
      if (fault) {
        queueMicrotask(() => active && observer.error(fault));
        return () => {
          active = false;
        };
      }
      if (!conversations.has(conversationId)) {
        queueMicrotask(() => {
          if (active) observer.error(new ProviderError('not-found', `No conversation "${conversationId}"`));
        });
        return () => {
          active = false;
        };
      }
      const set = observers.get(conversationId) ?? new Set();
      set.add(observer);
      observers.set(conversationId, set);
      const first = sorted(conversationId);
      queueMicrotask(() => {
        if (active) observer.next(first);
      });
      return () => {
        active = false;
        observers.get(conversationId)?.delete(observer);
      };
    },

    failNext(
      operation,
      error = new ProviderError('unavailable', `Injected failure: ${operation}`),
      times = 1,
    ) {
      faults.set(operation, { error, left: times });
    },
    conversations: () => structuredClone([...conversations.values()]),
    conversation: (id) => structuredClone(conversations.get(id)),
    messages: (conversationId) => structuredClone(messages.get(conversationId) ?? []),
    feed: (businessId) => structuredClone(feeds.get(businessId) ?? []),
    putBusiness(business) {
      businesses.set(business.id, structuredClone(business));
    },
    seedConversation(fields) {
      const createdAt = fields.createdAt ?? stamp();
      const conversation: Conversation = {
        id: newId('conv'),
        userId: null,
        userType: 'anonymous',
        contextType: 'enduser',
        summaryFeedPosted: false,
        signupFeedPosted: false,
        isOutsideBusinessHours: false,
        createdAt,
        updatedAt: createdAt,
        expiredAt: expiryFor(createdAt),
        lastMessage: null,
        ...fields,
      };
      conversations.set(conversation.id, conversation);
      return structuredClone(conversation);
    },
    putAssistantMessage(conversationId, { id, text, streaming }) {
      const existing = id ? messages.get(conversationId)?.find((m) => m.id === id) : undefined;
      return store(conversationId, {
        id: id ?? newId('msg'),
        role: 'model',
        text,
        createdAt: existing?.createdAt ?? stamp(),
        ...(streaming ? { streaming: true } : {}),
      });
    },
    seedMessage(conversationId, fields) {
      return store(conversationId, { id: newId('msg'), createdAt: stamp(), ...fields });
    },
    holdNext(operation) {
      let arrived!: () => void;
      let release!: () => void;
      const started = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(operation, { arrived, released });
      return { started, release };
    },
    forgetConversation(conversationId, { subscriptions = 'fail' } = {}) {
      conversations.delete(conversationId);
      messages.delete(conversationId);
      if (subscriptions === 'fail') {
        breakSubscriptions(
          conversationId,
          new ProviderError('not-found', `No conversation "${conversationId}"`),
        );
      }
    },
    breakSubscriptions(conversationId, error = new ProviderError('unavailable', 'Injected listen failure')) {
      breakSubscriptions(conversationId, error);
    },
    setStreamState(conversationId, state) {
      for (const observer of observers.get(conversationId) ?? []) {
        queueMicrotask(() => observer.state?.(state));
      }
    },
    pushRawSnapshot(conversationId, snapshot) {
      for (const observer of observers.get(conversationId) ?? []) {
        queueMicrotask(() => observer.next(snapshot as Message[]));
      }
    },
    subscriberCount: (conversationId) => observers.get(conversationId)?.size ?? 0,
    whenStored(conversationId, messageId, waitMs, signal) {
      const stored = messages.get(conversationId)?.find((m) => m.id === messageId);
      if (stored) return Promise.resolve(structuredClone(stored));
      if (signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const end = (message: Message | null) => {
          clearTimeout(timer);
          storedWaits.delete(wait);
          signal?.removeEventListener('abort', withdrawn);
          resolve(message && structuredClone(message));
        };
        const wait = (id: string, message: Message) => {
          if (id === conversationId && message.id === messageId) end(message);
        };
        const withdrawn = () => end(null);
        const timer = setTimeout(() => end(null), waitMs);
        storedWaits.add(wait);
        signal?.addEventListener('abort', withdrawn);
      });
    },
  };
}
