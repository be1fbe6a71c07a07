/**
 * What a contract suite needs from the backend under test besides the interface itself: a way
 * to reset and seed it, read one-time codes, and — where the backend can — inject faults and move
 * its clock. Optional capabilities are checked at run time; a test that needs one the harness
 * lacks is reported as skipped, not passed.
 *
 * A contract test asks for the state it needs (an old conversation, a broken subscription), not for
 * the means (a clock, a fault), where a backend can reach that state for real by other means: no
 * Firestore server's clock moves and no Firestore listener ends on an injected 'unavailable', but
 * its owner can rewrite a conversation's timestamps or take a conversation away from its visitor.
 */
import type {
  AuthProvider,
  Business,
  ChatService,
  ClockSpec,
  Conversation,
  DataProvider,
  ErrorCode,
  FaultSpec,
  BusinessFeedItem,
} from '@chat/core';

export interface ContractHarness {
  /** Back to a clean state before each test: no faults, the real clock, no pending codes. */
  reset(): Promise<void>;
  /** Creates or replaces a business, as the backend's admin tooling would. */
  seedBusiness(business: Business): Promise<void>;
  /** The one-time code last sent to `phoneNumber` (E.164). */
  otpFor(phoneNumber: string): Promise<string>;
  /** Makes the next `count` calls of an operation fail (see core's FAULT_OPERATIONS). */
  injectFault?(spec: FaultSpec): Promise<void>;
  /** Moves the backend's clock (timestamps, expiry); reset() puts it back. */
  setClock?(spec: ClockSpec): Promise<void>;
  /**
   * Runs `create` (a conversation created through the provider under test) and leaves that conversation
   * stored as if created `agoMs` ago: createdAt, updatedAt and expiredAt all that much earlier, so
   * expiredAt stays createdAt + the lifetime. A backend with a clock moves it back around the create;
   * Firestore's owner rewrites the stored timestamps.
   */
  conversationCreatedAgo?(agoMs: number, create: () => Promise<Conversation>): Promise<Conversation>;
  /**
   * Ends the live message subscriptions open on `conversationId` with a failure the backend really
   * produces, and says its error code: what observer.error must then receive.
   */
  breakLiveSubscription?(conversationId: string): Promise<ErrorCode>;
  /** A business's feed items, to check what addFeedItem wrote. */
  readFeed?(businessId: string): Promise<BusinessFeedItem[]>;
  /** Releases what the subject of one test holds (sockets, listeners); the backend may live on. */
  close(): Promise<void>;
  /** Why the backend cannot offer a capability this harness lacks: the reason a skipped test reports. */
  lacks?: Partial<Record<OptionalCapability, string>>;
}

/** The harness capabilities a backend may lack. */
export type OptionalCapability =
  'injectFault' | 'setClock' | 'conversationCreatedAgo' | 'breakLiveSubscription' | 'readFeed';

/** Made fresh for every test by the factory a test file passes to a describe…Contract function. */
export interface DataProviderSubject {
  data: DataProvider;
  /** The auth provider whose token `data` sends (the same backend); needed by the ownership and feed tests. */
  auth?: AuthProvider;
  harness: ContractHarness;
}

export interface AuthProviderSubject {
  auth: AuthProvider;
  harness: ContractHarness;
}

/** The chat service with the data and auth providers of the same backend: replies arrive as live messages. */
export interface ChatServiceSubject {
  chat: ChatService;
  data: DataProvider;
  auth: AuthProvider;
  harness: ContractHarness;
}

export type SubjectFactory<S> = () => Promise<S>;
