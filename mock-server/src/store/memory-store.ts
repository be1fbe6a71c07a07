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
 * When the data file cannot be written (a full disk), writes answer ProviderError 'unavailable'
 * (503) and change nothing, reads go on, and the store recovers by itself once the disk has space:
 * every write tries the file again, a failed compaction is retried after a back-off (never after
 * every write), a start on a full disk is read-only until the file can be opened for writing, and a
 * reply whose streaming stopped at a failed write is completed (its text as stored) as soon as
 * writes succeed again. `health()` reports all of it (GET /healthz).
 *
 * Limits: one process; everything is in memory, so the store is for development and tests, sized
 * for thousands of documents, not millions. Per write the cost does not depend on the store's size:
 * a map update plus one journal line; compaction rewrites the store only after at least as many
 * writes as it holds documents, so its cost per write stays constant on average.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  expiryFor,
  MAX_STORED_TEXT_LENGTH,
  normalHandle,
  ProviderError,
  teamRequestItemId,
} from '@chat/core';
import type {
  Business,
  BusinessFeedItem,
  Conversation,
  FeedItem,
  LastMessage,
  Message,
  NewFeedItem,
  NewTeamRequestItem,
  SequencedMessage,
  SmartReply,
  TeamRequestItem,
} from '@chat/core';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Journal, JournalFileSystem } from './journal.js';
import { assertReadable } from './journal-entry.js';
import type { BusinessDocument, Snapshot, WriteEntry } from './journal-entry.js';
import { openState } from './open-state.js';
import { createRetryBackoff, failureReason, refuseWrite } from './retry-backoff.js';
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
  /** The reply ends here before it was complete (its writer stopped): `cut: true`, text kept. */
  cut?: true;
}

export interface ConversationSummary {
  conversation: Conversation;
  messageCount: number;
  /** The newest stored message (any role), or null. */
  latestMessage: Message | null;
}

/** Whether the store can write, and what it is waiting to retry (GET /healthz shows it). */
export interface StoreHealth {
  /** 'file' with a data file, 'memory' without. */
  persistence: 'memory' | 'file';
  /** False while writes are refused: since a failed write until the next one succeeds, or while read-only. */
  writable: boolean;
  /** Why the last write failed or the store is read-only; null when writable. */
  problem: string | null;
  compaction: {
    /** Failed compactions in a row (0 once one succeeds). */
    failures: number;
    lastError: string | null;
    /** When the next compaction may be tried, or null when none failed. */
    nextAttemptInMs: number | null;
  };
  /** Replies whose streaming stopped at a failed write, waiting to be completed. */
  repliesToComplete: number;
}

export interface DocumentStore {
  getBusiness(id: string): Business | null;
  /** The business document as it was written (what the data API serves), or null. */
  getBusinessDocument(id: string): BusinessDocument | null;
  /** The first business (in store order) whose handle is `handle` in any case (core's normalHandle). */
  findBusinessByHandle(handle: string): Business | null;
  /**
   * Creates or replaces a business; tells which. Writing a document equal (key order aside) to the
   * stored one writes nothing, so that seeding the same businesses at every start needs no disk.
   * Refused ('invalid-argument') when its handle, in any case, is another business's.
   */
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
  /**
   * Adds a booking request or hand-off the chat service passes to the business's team (issue 27)
   * under its derived id (teamRequestItemId): when one is stored under that id already, nothing
   * changes and that one is returned — a repeated turn never writes a second item.
   */
  addTeamRequest(businessId: string, item: NewTeamRequestItem): TeamRequestItem;
  /** A business's feed, oldest first: signups, booking requests, hand-offs. */
  feed(businessId: string): BusinessFeedItem[];
  /** The highest sequence number handed out so far. */
  lastSeq(): number;
  /**
   * Back to the fixture businesses (and `extraBusinesses`, which replace fixtures of the same id)
   * with nothing else; sequence numbers keep rising. All or nothing: when the data file cannot be
   * written it throws ProviderError 'unavailable' and nothing changed.
   */
  reset(extraBusinesses?: readonly BusinessDocument[]): void;
  /** The whole store as the data file's snapshot line (tests compare these). */
  snapshot(): Snapshot;
  /** Calls `listener` after every message addition or change. Returns the function that stops it. */
  onMessage(listener: (change: MessageChange) => void): () => void;
  /** Whether writes are accepted, and what failed (see StoreHealth). */
  health(): StoreHealth;
  /**
   * Calls `listener` whenever writes succeed again after failing (a full disk freed, a read-only
   * start ended), for writes that were given up on. Returns the function that stops it.
   */
  onWritable(listener: () => void): () => void;
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
  /**
   * After a failed compaction or a read-only start, how long until the file step is tried again:
   * `firstMs` (default 1 s), doubling to `maxMs` (default 5 min); `now` is a monotonic clock
   * (default performance.now). Pending work (a read-only start, replies to complete) is retried
   * every `firstMs` by a timer, so the store recovers even when nobody writes.
   */
  retry?: { firstMs?: number; maxMs?: number; now?: () => number };
}

/** Opens the store. Throws DataFileError when the data file cannot be replayed (the file is left as it is). */
export function createMemoryStore(options: MemoryStoreOptions): DocumentStore {
  const { clock, logger } = options;
  const newId = options.newId ?? (() => randomUUID().replaceAll('-', ''));
  const compactAfter = options.compactAfter ?? 1000;
  const listeners = new Set<(change: MessageChange) => void>();
  const writableListeners = new Set<() => void>();
  const opened = openState(options);
  let state = opened.state;
  let journal = opened.journal;
  /** Set after a read-only start: the file step to retry before the next write. */
  let reopen = opened.reopen;
  /** Why the last write failed (null once one succeeds), as health() reports it. */
  let writeProblem: string | null = reopen?.reason ?? null;
  let closed = false;
  const retryFirstMs = options.retry?.firstMs ?? 1000;
  const backoff = () =>
    createRetryBackoff({
      now: options.retry?.now ?? (() => performance.now()),
      firstMs: retryFirstMs,
      maxMs: options.retry?.maxMs ?? 300_000,
    });
  const compaction = backoff();
  const reopening = backoff();
  /** Replies nothing will grow any more (message id → where, and why), to complete before the next write. */
  const repliesToComplete = new Map<string, { conversationId: string; why: string }>();
  let retryTimer: NodeJS.Timeout | null = null;

  /** Checks, journals and applies one write; throws (and changes nothing) when any step fails. */
  function write(entry: WriteEntry): void {
    // Whole check first, then the change: a write the file could not replay changes nothing.
    assertReadable(entry);
    if (journal) {
      try {
        journal.append(JSON.stringify(entry));
      } catch (error) {
        if (error instanceof ProviderError) writeProblem = error.message;
        throw error;
      }
    }
    if (writeProblem !== null) writesResumed();
    applyEntry(state, entry);
    compactWhenDue();
  }

  /** Clears the write problem and tells onWritable listeners (after this write, not inside it). */
  function writesResumed(): void {
    writeProblem = null;
    queueMicrotask(() => {
      for (const listener of writableListeners) {
        try {
          listener();
        } catch (error) {
          logger.error({ err: error }, 'writable listener failed');
        }
      }
    });
  }

  /**
   * Rewrites the journal as one snapshot once it holds more lines than the store holds documents.
   * A failure leaves the journal complete and is tried again only after a back-off, never after
   * every write: on a full disk each attempt would write the whole store once more.
   */
  function compactWhenDue(): void {
    if (!journal || journal.entriesSinceSnapshot <= Math.max(compactAfter, state.documentCount)) return;
    if (!compaction.due()) return;
    try {
      journal.writeSnapshot(snapshotOf(state));
      if (compaction.failures > 0)
        logger.info({ file: journal.file, failures: compaction.failures }, 'data file compaction succeeded');
      compaction.succeeded();
    } catch (error) {
      const reason = failureReason(error);
      const waitMs = compaction.failed(reason);
      logger.error(
        { err: error, file: journal.file, failures: compaction.failures, nextAttemptInMs: waitMs },
        `data file compaction failed (${reason}); the journal is still complete; next attempt in ${Math.ceil(waitMs / 1000)} s`,
      );
    }
  }

  /**
   * What must be on disk before any new write: the journal opened (after a read-only start) and
   * every reply cut by a failed write completed. Throws 'unavailable' while that cannot be done.
   */
  function catchUp(): void {
    if (closed) throw new ProviderError('unavailable', 'The store is closed');
    if (!journal && reopen) {
      if (!reopening.due()) refuseWrite(`read-only since the start: ${reopen.reason}`);
      let opened: Journal;
      try {
        opened = reopen.open();
      } catch (error) {
        reopening.failed(failureReason(error));
        refuseWrite(`read-only since the start: ${(error as Error).message}`);
      }
      journal = opened;
      writesResumed();
      logger.info({ file: opened.file }, 'data file opened for writing; writes resume');
      reopen = null;
      reopening.succeeded();
    }
    for (const [messageId, { conversationId, why }] of repliesToComplete) {
      completeReply(conversationId, messageId, why);
      repliesToComplete.delete(messageId);
    }
  }

  function commit(entry: WriteEntry): void {
    catchUp();
    write(entry);
  }

  /**
   * A reply nothing will grow any more is ended as it stands — its text as stored, marked `cut` (it
   * never got the rest, and the page offers 'Try again', issue 27) — with a store write (a new seq),
   * which live subscribers and those resuming with afterSeq receive like any other.
   */
  function completeReply(conversationId: string, messageId: string, why: string): void {
    const stored = state.conversations.get(conversationId)?.messages.get(messageId);
    if (!stored?.message.streaming) return;
    const seq = state.seq + 1;
    write({
      op: 'message.update',
      conversationId,
      id: messageId,
      seq,
      appendText: '',
      streaming: false,
      cut: true,
    });
    const message = state.conversations.get(conversationId)!.messages.get(messageId)!.message;
    logger.warn(
      { conversationId, messageId, chars: message.text.length, seq },
      `completed a reply that was still streaming (its text as stored, marked cut): ${why}`,
    );
    emit({ conversationId, seq, message });
  }

  /** While something waits for the disk, tries again every retry.firstMs, so no write is needed to recover. */
  function retryPendingWork(): void {
    if (retryTimer || closed || (repliesToComplete.size === 0 && !reopen)) return;
    retryTimer = setInterval(() => {
      try {
        catchUp();
      } catch {
        // Still failing: reported when it failed; the next tick tries again.
      }
      if (closed || (repliesToComplete.size === 0 && !reopen)) {
        clearInterval(retryTimer!);
        retryTimer = null;
      }
    }, retryFirstMs);
    retryTimer.unref();
  }

  // A reply still `streaming` when the store opens was cut by the end of a previous process (a
  // crash: a clean shutdown finishes its replies). Nothing will ever grow it again.
  for (const [conversationId, record] of state.conversations) {
    for (const { message } of record.messages.values()) {
      if (message.streaming)
        repliesToComplete.set(message.id, {
          conversationId,
          why: 'the previous process ended while it streamed',
        });
    }
  }
  if (repliesToComplete.size > 0 && !reopen) {
    try {
      catchUp();
    } catch (error) {
      // A full disk at start: the store opens read-only and completes these once it can write.
      writeProblem ??= (error as Error).message;
      logger.error(
        { problem: (error as Error).message, repliesToComplete: repliesToComplete.size },
        'the data file cannot be written at start; replies cut by the previous process are completed once it can',
      );
    }
  }
  retryPendingWork();

  function checkBusiness(businessId: string): void {
    if (!state.businesses.has(businessId))
      throw new ProviderError('not-found', `Business ${businessId} not found`);
  }

  function checkLength(length: number): void {
    if (length > MAX_STORED_TEXT_LENGTH)
      throw new ProviderError('invalid-argument', `text: longer than ${MAX_STORED_TEXT_LENGTH} characters`);
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

  function findBusinessByHandle(handle: string): Business | null {
    const wanted = normalHandle(handle);
    for (const { business } of state.businesses.values()) {
      if (normalHandle(business.handle) === wanted) return business;
    }
    return null;
  }

  return {
    getBusiness: (id) => state.businesses.get(id)?.business ?? null,
    getBusinessDocument: (id) => state.businesses.get(id)?.document ?? null,
    findBusinessByHandle,
    putBusiness(document) {
      // One handle whatever its case, as the Firestore tooling keeps it: a case-variant of another
      // business's handle would let this one be opened by the other's link.
      const handle = (document as { handle?: unknown }).handle;
      const holder = typeof handle === 'string' && handle !== '' ? findBusinessByHandle(handle) : null;
      if (holder && holder.id !== document.id) {
        throw new ProviderError(
          'invalid-argument',
          `handle: "${String(handle)}" is the handle "${holder.handle}" of business "${holder.id}" (handles are the same whatever their case)`,
        );
      }
      const existing = state.businesses.get(document.id);
      if (existing && isDeepStrictEqual(existing.document, document)) return { created: false };
      const created = !existing;
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
      checkBusiness(input.businessId);
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
      checkLength(input.text.length);
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
      checkLength(stored.message.text.length + growth.appendText.length);
      const seq = state.seq + 1;
      try {
        commit({ op: 'message.update', conversationId, id: messageId, seq, ...growth });
      } catch (error) {
        // The streamer stops at a failed write; the reply is completed once writes succeed again.
        if (error instanceof ProviderError && error.code === 'unavailable' && stored.message.streaming) {
          repliesToComplete.set(messageId, {
            conversationId,
            why: 'its streaming stopped at a failed write',
          });
          retryPendingWork();
        }
        throw error;
      }
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
      checkBusiness(businessId);
      const item: FeedItem = { id: newId(), createdAt: clock.now(), ...input };
      commit({ op: 'feed.add', businessId, item });
      return item;
    },
    addTeamRequest(businessId, input) {
      checkBusiness(businessId);
      const id = teamRequestItemId(input.conversationId, input.messageId);
      const existing = state.feed.get(businessId)?.find((item) => item.id === id);
      if (existing) return existing as TeamRequestItem;
      const item: TeamRequestItem = { id, createdAt: clock.now(), ...input };
      commit({ op: 'feed.add', businessId, item });
      return item;
    },
    feed: (businessId) => [...(state.feed.get(businessId) ?? [])],
    lastSeq: () => state.seq,
    reset(extraBusinesses = []) {
      if (closed) throw new ProviderError('unavailable', 'The store is closed');
      const fresh = stateFromBusinesses([...options.businesses, ...extraBusinesses], state.seq);
      if (!journal && reopen) refuseWrite(`read-only since the start: ${reopen.reason}`, 'nothing was reset');
      if (journal) {
        try {
          journal.writeSnapshot(snapshotOf(fresh));
        } catch (error) {
          logger.error({ err: error, file: journal.file }, 'reset failed: the data file cannot be written');
          refuseWrite(failureReason(error), 'nothing was reset');
        }
        compaction.succeeded();
      }
      state = fresh;
      writeProblem = null;
      repliesToComplete.clear();
    },
    snapshot: () => snapshotOf(state),
    health() {
      const refused = writeProblem !== null || (!journal && reopen !== null);
      return {
        persistence: options.dataFile ? 'file' : 'memory',
        writable: !refused,
        problem: refused ? (writeProblem ?? reopen?.reason ?? null) : null,
        compaction: {
          failures: compaction.failures,
          lastError: compaction.lastError,
          nextAttemptInMs: compaction.nextAttemptInMs(),
        },
        repliesToComplete: repliesToComplete.size,
      };
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWritable(listener) {
      writableListeners.add(listener);
      return () => writableListeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearInterval(retryTimer);
      journal?.close();
    },
  };
}
