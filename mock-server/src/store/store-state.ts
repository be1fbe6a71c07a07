/**
 * The store's data and the one function that changes it. Live writes and the replay of the data
 * file both go through applyEntry, so a restarted server holds exactly what the running one held.
 */
import { MAX_STORED_TEXT_LENGTH, readBusiness } from '@chat/core';
import type { Business, BusinessFeedItem, Conversation, Message } from '@chat/core';
import type { BusinessDocument, Snapshot, WriteEntry } from './journal-entry.js';
import { DATA_FILE_FORMAT, DATA_FILE_VERSION } from './journal-entry.js';

export interface StoredMessage {
  /** The store-wide sequence number of this message's latest change. */
  seq: number;
  message: Message;
}

export interface ConversationRecord {
  conversation: Conversation;
  /** In insertion order, which is also createdAt order (see MemoryStore.addMessage). */
  messages: Map<string, StoredMessage>;
  /** createdAt of the newest message, so the next one can be kept strictly later. */
  lastCreatedAt: number;
}

export interface StoreState {
  /** The highest sequence number handed out so far; never goes down, not even on reset. */
  seq: number;
  /** Each business as written (what the data API serves) and as read (what the server acts on). */
  businesses: Map<string, StoredBusiness>;
  conversations: Map<string, ConversationRecord>;
  feed: Map<string, BusinessFeedItem[]>;
  /** How many documents the store holds (for the data file's compaction threshold). */
  documentCount: number;
}

export interface StoredBusiness {
  document: BusinessDocument;
  business: Business;
}

/** A business document with its read value; throws when the read side cannot read it. */
export function storedBusiness(document: BusinessDocument): StoredBusiness {
  const read = readBusiness(document);
  if (!read.ok) throw new Error(`business ${String(document.id)}: ${read.problem}`);
  return { document, business: read.value };
}

export function stateFromBusinesses(businesses: readonly BusinessDocument[], seq = 0): StoreState {
  // A later document of the same id replaces an earlier one (a scenario's business over a fixture).
  const byId = new Map(businesses.map((b) => [b.id, storedBusiness(b)]));
  return { seq, businesses: byId, conversations: new Map(), feed: new Map(), documentCount: byId.size };
}

export function stateFromSnapshot(snapshot: Snapshot): StoreState {
  const state = stateFromBusinesses(snapshot.businesses, snapshot.seq);
  for (const { conversation, messages } of snapshot.conversations) {
    const record: ConversationRecord = { conversation, messages: new Map(), lastCreatedAt: 0 };
    for (const stored of messages) {
      record.messages.set(stored.message.id, stored);
      record.lastCreatedAt = Math.max(record.lastCreatedAt, stored.message.createdAt);
      if (stored.seq > state.seq)
        throw new Error(`message ${stored.message.id} has seq above the snapshot's seq`);
    }
    state.conversations.set(conversation.id, record);
    state.documentCount += 1 + messages.length;
  }
  for (const { businessId, items } of snapshot.feed) {
    state.feed.set(businessId, [...items]);
    state.documentCount += items.length;
  }
  return state;
}

export function snapshotOf(state: StoreState): Snapshot {
  return {
    op: 'snapshot',
    format: DATA_FILE_FORMAT,
    version: DATA_FILE_VERSION,
    seq: state.seq,
    businesses: [...state.businesses.values()].map((b) => b.document),
    conversations: [...state.conversations.values()].map((r) => ({
      conversation: r.conversation,
      messages: [...r.messages.values()],
    })),
    feed: [...state.feed.entries()].map(([businessId, items]) => ({ businessId, items })),
  };
}

/**
 * Applies one write. Throws a plain Error when the write does not fit the state (only possible when
 * replaying a damaged data file: live writes are checked before they are built).
 */
export function applyEntry(state: StoreState, entry: WriteEntry): void {
  switch (entry.op) {
    case 'business.put':
      if (!state.businesses.has(entry.business.id)) state.documentCount += 1;
      state.businesses.set(entry.business.id, storedBusiness(entry.business));
      return;
    case 'conversation.create':
      if (state.conversations.has(entry.conversation.id)) {
        throw new Error(`conversation ${entry.conversation.id} already exists`);
      }
      state.conversations.set(entry.conversation.id, {
        conversation: entry.conversation,
        messages: new Map(),
        lastCreatedAt: 0,
      });
      state.documentCount += 1;
      return;
    case 'conversation.lastMessage': {
      const record = recordOf(state, entry.id);
      record.conversation = {
        ...record.conversation,
        lastMessage: entry.lastMessage,
        updatedAt: entry.updatedAt,
      };
      return;
    }
    case 'conversation.signupFeedPosted': {
      const record = recordOf(state, entry.id);
      record.conversation = { ...record.conversation, signupFeedPosted: true, updatedAt: entry.updatedAt };
      return;
    }
    case 'message.add': {
      const record = recordOf(state, entry.conversationId);
      if (record.messages.has(entry.message.id))
        throw new Error(`message ${entry.message.id} already exists`);
      bumpSeq(state, entry.seq);
      record.messages.set(entry.message.id, { seq: entry.seq, message: entry.message });
      record.lastCreatedAt = Math.max(record.lastCreatedAt, entry.message.createdAt);
      state.documentCount += 1;
      return;
    }
    case 'message.update': {
      const record = recordOf(state, entry.conversationId);
      const stored = record.messages.get(entry.id);
      if (!stored)
        throw new Error(`message ${entry.id} does not exist in conversation ${entry.conversationId}`);
      bumpSeq(state, entry.seq);
      const text = stored.message.text + entry.appendText;
      if (text.length > MAX_STORED_TEXT_LENGTH) throw new Error(`message ${entry.id} would grow too long`);
      const message: Message = { ...stored.message, text };
      if (entry.streaming) message.streaming = true;
      else delete message.streaming;
      if (entry.smartReplies) message.smartReplies = entry.smartReplies;
      if (entry.cut) message.cut = true;
      // Map.set on an existing key keeps its position, so the order stays createdAt order.
      record.messages.set(entry.id, { seq: entry.seq, message });
      return;
    }
    case 'feed.add': {
      if (!state.businesses.has(entry.businessId))
        throw new Error(`business ${entry.businessId} does not exist`);
      const items = state.feed.get(entry.businessId) ?? [];
      items.push(entry.item);
      state.feed.set(entry.businessId, items);
      state.documentCount += 1;
      return;
    }
  }
}

function recordOf(state: StoreState, conversationId: string): ConversationRecord {
  const record = state.conversations.get(conversationId);
  if (!record) throw new Error(`conversation ${conversationId} does not exist`);
  return record;
}

function bumpSeq(state: StoreState, seq: number): void {
  if (seq <= state.seq) throw new Error(`sequence number ${seq} is not above ${state.seq}`);
  state.seq = seq;
}
