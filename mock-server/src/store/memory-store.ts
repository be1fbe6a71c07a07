/**
 * The document store: businesses, conversations, each conversation's messages and each business's
 * feed, held in memory, optionally made durable in a data file (see journal.ts). Every message
 * carries the store-wide sequence number of its latest change, which live subscribers resume from.
 *
 * What the server decides, it decides here, like a database's server timestamps: ids, createdAt,
 * updatedAt, expiredAt (createdAt + 24 h) and sequence numbers. Inside one conversation a message's
 * createdAt is kept strictly above the previous one's (one millisecond later when the clock has not
 * moved on, or was moved back), so ordering by createdAt is total and equals the order of writing.
 *
 * Callers validate input with the core schemas first; the store checks that what a write refers
 * to exists (ProviderError 'not-found'), that limits hold, and that every write is a line the data
 * file's reader accepts (journal-entry.ts assertReadable), with or without a data file. A write is
 * on disk (when there is a data file) before the method returns, and a write that throws changes
 * nothing.
 *
 * Limits: one process; everything is in memory, so the store is for development and tests, sized
 * for thousands of documents, not millions. Per write the cost does not depend on the store's size:
 * a map update plus one journal line; compaction rewrites the store only after at least as many
 * writes as it holds documents, so its cost per write stays constant on average.
 */
import { randomUUID } from 'node:crypto';
import { expiryFor, MAX_STORED_TEXT_LENGTH, ProviderError } from '@chat/core';
import type {
  Business,
  Conversation,
  FeedItem,
  LastMessage,
  Message,
  NewFeedItem,
  SequencedMessage,
  SmartReply,
} from '@chat/core';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { JournalFileSystem } from './journal.js';
import { assertReadable } from './journal-entry.js';
import type { BusinessDocument, Snapshot, WriteEntry } from './journal-entry.js';
import { openState } from './open-state.js';
import { applyEntry, snapshotOf, stateFromBusinesses } from './store-state.js';

/** A message added or changed, as live subscribers receive it. */
export interface MessageChange {
  conversationId: string;
  seq: number;
  message: Message;
}

export interface NewConversationInput {
  businessId: string;
  userId: string | null;
  userType: Conversation['userType'];
  contextType: string;
  isOutsideBusinessHours: boolean;
}

export interface NewMessageInput {
  /** The id the client chose; a message already stored under it is answered instead (idempotent). */
  id?: string;
  role: Message['role'];
  text: string;
  type?: Message['type'];
  smartReplies?: SmartReply[];
  streaming?: boolean;
  /** On an auth message: the tool request the visitor's answer resumes. */
  toolRequest?: Message['toolRequest'];
}

export interface MessageGrowth {
  appendText: string;
  /** Whether more text will follow. */
  streaming: boolean;
  smartReplies?: SmartReply[];
}

export interface ConversationSummary {
  conversation: Conversation;
  messageCount: number;
  /** The newest stored message (any role), or null. */
  latestMessage: Message | null;
}

export interface DocumentStore {
  getBusiness(id: string): Business | null;
  /** The business document as it was written (what the data API serves), or null. */
  getBusinessDocument(id: string): BusinessDocument | null;
  /** The first business (in store order) whose handle equals `handle`. */
  findBusinessByHandle(handle: string): Business | null;
  /** Creates or replaces a business; tells which. */
  putBusiness(document: BusinessDocument): { created: boolean };
  getConversation(id: string): Conversation | null;
  /** Every conversation, newest (by createdAt) first. For the control API only. */
  listConversations(): ConversationSummary[];
  /** Adds a conversation to an existing business. */
  createConversation(input: NewConversationInput): Conversation;
  /** Merges lastMessage and sets updatedAt to now. */
  updateLastMessage(conversationId: string, lastMessage: LastMessage): Conversation;
  /** Sets signupFeedPosted (and updatedAt). */
  markSignupFeedPosted(conversationId: string): Conversation;
  /**
   * Adds a message with a createdAt and sequence number, under `input.id` or a new id. When a message is
   * already stored under `input.id`, nothing changes and that message is returned.
   */
  addMessage(conversationId: string, input: NewMessageInput): SequencedMessage;
  /** Appends text to a message (a streamed reply growing), giving it a new sequence number. */
  growMessage(conversationId: string, messageId: string, growth: MessageGrowth): SequencedMessage;
  /** A conversation's messages ordered by createdAt. */
  messages(conversationId: string): Message[];
  /** A conversation's messages whose latest change is after `afterSeq`, ordered by sequence number. */
  messagesAfter(conversationId: string, afterSeq: number): SequencedMessage[];
  /** Adds an item to an existing business's feed. */
  addFeedItem(businessId: string, item: NewFeedItem): FeedItem;
  feed(businessId: string): FeedItem[];
  /** The highest sequence number handed out so far. */
  lastSeq(): number;
  /** Back to the fixture businesses with nothing else; sequence numbers keep rising. */
  reset(): void;
  /** The whole store as the data file's snapshot line (tests compare these). */
  snapshot(): Snapshot;
  /** Calls `listener` after every message addition or change. Returns the function that stops it. */
  onMessage(listener: (change: MessageChange) => void): () => void;
  /** Flushes and closes the data file. Later writes throw. */
  close(): void;
}

export interface MemoryStoreOptions {
  /** The fixture businesses the store starts from (without a data file) and returns to on reset. */
  businesses: readonly Business[];
  clock: Clock;
  /** Path of the data file; absent or null keeps everything in memory only. */
  dataFile?: string | null;
  /** The data file's file operations; default node:fs (tests inject a failing one). */
  fileSystem?: JournalFileSystem;
  /** The journal is compacted once it holds more lines than this and than the store holds documents. */
  compactAfter?: number;
  logger: Logger;
  newId?: () => string;
}

/** Opens the store. Throws DataFileError when the data file cannot be replayed (the file is left as it is). */
export function createMemoryStore(options: MemoryStoreOptions): DocumentStore {
  const { clock, logger } = options;
  const newId = options.newId ?? (() => randomUUID().replaceAll('-', ''));
  const compactAfter = options.compactAfter ?? 1000;
  const listeners = new Set<(change: MessageChange) => void>();
  const opened = openState(options);
  let state = opened.state;
  const journal = opened.journal;
  let closed = false;

  function commit(entry: WriteEntry): void {
    if (closed) throw new ProviderError('unavailable', 'The store is closed');
    // Whole check first, then the change: a write the file could not replay changes nothing.
    assertReadable(entry);
    journal?.append(entry);
    applyEntry(state, entry);
    if (journal && journal.entriesSinceSnapshot > Math.max(compactAfter, state.documentCount)) {
      try {
        journal.writeSnapshot(snapshotOf(state));
      } catch (error) {
        // The journal is still complete; compaction is retried after the next write.
        logger.error({ err: error, file: journal.file }, 'data file compaction failed');
      }
    }
  }

  completeInterruptedReplies();

  /**
   * A reply still `streaming` when the store opens was cut by the end of a previous process (a
   * crash: a clean shutdown finishes its replies). Nothing will ever grow it again, so it is
   * completed as it stands — its text as stored — with a store write (a new seq), which subscribers
   * resuming with afterSeq receive like any other change.
   */
  function completeInterruptedReplies(): void {
    for (const [conversationId, record] of state.conversations) {
      for (const { message } of [...record.messages.values()]) {
        if (!message.streaming) continue;
        const seq = state.seq + 1;
        commit({
          op: 'message.update',
          conversationId,
          id: message.id,
          seq,
          appendText: '',
          streaming: false,
        });
        logger.warn(
          { conversationId, messageId: message.id, chars: message.text.length, seq },
          'completed a reply that was still streaming when the previous process ended (its text as stored)',
        );
      }
    }
  }

  function recordOf(conversationId: string) {
    const record = state.conversations.get(conversationId);
    if (!record) throw new ProviderError('not-found', `Conversation ${conversationId} not found`);
    return record;
  }

  function emit(change: MessageChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        logger.error({ err: error }, 'message listener failed');
      }
    }
  }

  return {
    getBusiness: (id) => state.businesses.get(id)?.business ?? null,
    getBusinessDocument: (id) => state.businesses.get(id)?.document ?? null,
    findBusinessByHandle(handle) {
      for (const { business } of state.businesses.values()) if (business.handle === handle) return business;
      return null;
    },
    putBusiness(document) {
      const created = !state.businesses.has(document.id);
      commit({ op: 'business.put', business: document });
      return { created };
    },
    getConversation: (id) => state.conversations.get(id)?.conversation ?? null,
    listConversations() {
      return [...state.conversations.values()]
        .map((record) => {
          let latestMessage: Message | null = null;
          for (const stored of record.messages.values()) latestMessage = stored.message;
          return { conversation: record.conversation, messageCount: record.messages.size, latestMessage };
        })
        .sort((a, b) => b.conversation.createdAt - a.conversation.createdAt);
    },
    createConversation(input) {
      if (!state.businesses.has(input.businessId)) {
        throw new ProviderError('not-found', `Business ${input.businessId} not found`);
      }
      const now = clock.now();
      const conversation: Conversation = {
        id: newId(),
        businessId: input.businessId,
        userId: input.userId,
        userType: input.userType,
        summaryFeedPosted: false,
        contextType: input.contextType,
        createdAt: now,
        updatedAt: now,
        expiredAt: expiryFor(now),
        isOutsideBusinessHours: input.isOutsideBusinessHours,
        lastMessage: null,
        signupFeedPosted: false,
      };
      commit({ op: 'conversation.create', conversation });
      return conversation;
    },
    updateLastMessage(conversationId, lastMessage) {
      const record = recordOf(conversationId);
      commit({ op: 'conversation.lastMessage', id: conversationId, lastMessage, updatedAt: clock.now() });
      return record.conversation;
    },
    markSignupFeedPosted(conversationId) {
      const record = recordOf(conversationId);
      commit({ op: 'conversation.signupFeedPosted', id: conversationId, updatedAt: clock.now() });
      return record.conversation;
    },
    addMessage(conversationId, input) {
      const record = recordOf(conversationId);
      const existing = input.id === undefined ? undefined : record.messages.get(input.id);
      if (existing) return existing;
      if (input.text.length > MAX_STORED_TEXT_LENGTH) {
        throw new ProviderError('invalid-argument', `text: longer than ${MAX_STORED_TEXT_LENGTH} characters`);
      }
      const message: Message = {
        id: input.id ?? newId(),
        role: input.role,
        text: input.text,
        createdAt: Math.max(clock.now(), record.lastCreatedAt + 1),
        ...(input.type ? { type: input.type } : {}),
        ...(input.smartReplies ? { smartReplies: input.smartReplies } : {}),
        ...(input.streaming ? { streaming: true } : {}),
        ...(input.toolRequest ? { toolRequest: input.toolRequest } : {}),
      };
      const seq = state.seq + 1;
      commit({ op: 'message.add', conversationId, seq, message });
      emit({ conversationId, seq, message });
      return { seq, message };
    },
    growMessage(conversationId, messageId, growth) {
      const record = recordOf(conversationId);
      const stored = record.messages.get(messageId);
      if (!stored) throw new ProviderError('not-found', `Message ${messageId} not found`);
      if (stored.message.text.length + growth.appendText.length > MAX_STORED_TEXT_LENGTH) {
        throw new ProviderError('invalid-argument', `text: longer than ${MAX_STORED_TEXT_LENGTH} characters`);
      }
      const seq = state.seq + 1;
      commit({ op: 'message.update', conversationId, id: messageId, seq, ...growth });
      const updated = record.messages.get(messageId)!;
      emit({ conversationId, seq, message: updated.message });
      return updated;
    },
    messages: (conversationId) => [...recordOf(conversationId).messages.values()].map((s) => s.message),
    messagesAfter(conversationId, afterSeq) {
      return [...recordOf(conversationId).messages.values()]
        .filter((stored) => stored.seq > afterSeq)
        .sort((a, b) => a.seq - b.seq);
    },
    addFeedItem(businessId, input) {
      if (!state.businesses.has(businessId))
        throw new ProviderError('not-found', `Business ${businessId} not found`);
      const item: FeedItem = { id: newId(), createdAt: clock.now(), ...input };
      commit({ op: 'feed.add', businessId, item });
      return item;
    },
    feed: (businessId) => [...(state.feed.get(businessId) ?? [])],
    lastSeq: () => state.seq,
    reset() {
      const fresh = stateFromBusinesses(options.businesses, state.seq);
      journal?.writeSnapshot(snapshotOf(fresh));
      state = fresh;
    },
    snapshot: () => snapshotOf(state),
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      journal?.close();
    },
  };
}
