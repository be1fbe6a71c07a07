import type { ProviderError } from '../errors.js';
import type { Business } from '../model/business.js';
import type { Conversation, NewConversation } from '../model/conversation.js';
import type { NewFeedItem } from '../model/feed-item.js';
import type { Message, NewMessage } from '../model/message.js';
import type { Unsubscribe } from './unsubscribe.js';

/**
 * Whether a live subscription is receiving changes ('live') or has lost its connection and is
 * getting it back ('reconnecting'); what was missed meanwhile arrives with the next `next`.
 */
export type StreamState = 'live' | 'reconnecting';

/** Receives a conversation's messages: the whole ordered list on every change, or an error. */
export interface MessagesObserver {
  /** Called with every message of the conversation, ordered by createdAt ascending, after each change. */
  next(messages: Message[]): void;
  /** Called once if the live subscription fails; no further calls follow. */
  error(error: ProviderError): void;
  /**
   * Called when the stream drops ('reconnecting') and when it is back ('live'), so the page can say
   * so. Optional for observers; a backend that cannot tell never calls it.
   */
  state?(state: StreamState): void;
}

/**
 * The reads and writes of §7 against the document database. Implementations reject with a
 * ProviderError whose code is one of ERROR_CODES.
 */
export interface DataProvider {
  /** The business with this document id, or null when there is none. */
  getBusinessById(businessId: string): Promise<Business | null>;

  /** The first business whose handle equals `handle` (limit 1), or null when there is none. */
  getBusinessByHandle(handle: string): Promise<Business | null>;

  /** The conversation with this id, or null when there is none (or it cannot be read by this visitor). */
  getConversation(conversationId: string): Promise<Conversation | null>;

  /**
   * Adds a conversation. The backend sets createdAt/updatedAt to now, expiredAt to createdAt + 24 h
   * and summaryFeedPosted/signupFeedPosted to false. Resolves with the stored conversation.
   */
  createConversation(input: NewConversation): Promise<Conversation>;

  /**
   * Adds a user or system message to a conversation under `message.id`, which the client chooses;
   * resolves with the stored message (createdAt set by the backend). Writing an id that is already
   * stored is a no-op that resolves with the stored message, so a retried save never makes a second
   * copy. A user message becomes the conversation's lastMessage (and sets its updatedAt) in the same
   * atomic write: one round trip per visitor message.
   */
  addMessage(conversationId: string, message: NewMessage): Promise<Message>;

  /** Adds an item to the business's 'feed' sub-collection. */
  addFeedItem(businessId: string, item: NewFeedItem): Promise<void>;

  /** Sets signupFeedPosted to true on the conversation. */
  markSignupFeedPosted(conversationId: string): Promise<void>;

  /**
   * Streams a conversation's messages live, ordered by createdAt ascending. The observer first gets
   * the current list, then the whole list again after every addition or change (a streamed assistant
   * reply changes in place). Returns the function that stops the subscription.
   */
  subscribeToMessages(conversationId: string, observer: MessagesObserver): Unsubscribe;
}
