/**
 * What the chat service reads and writes in Firestore, with the Admin SDK (which bypasses
 * firestore.rules): a conversation and its business, the recent history, the assistant's memory of
 * the conversation, and the writes that end a turn. Everything a turn needs is read here on every
 * request, so any instance can serve any turn.
 *
 * The assistant memory is kept in `assistantMemory/{conversationId}`: no rule matches that collection,
 * so clients can neither read nor change it (a visitor cannot jump in a demo's script).
 *
 * Every document written here carries the TTL field deleteAt (core's TTL_FIELD): the conversation's
 * expiry plus the retention (DATA_RETENTION_DAYS), so the messages and memory of one conversation go
 * together, whenever in its life they were written (README "Data lifetime").
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { AssistantMemory, TurnInterrupt } from '@chat/assistant';
import {
  deleteAtFor,
  lastMessageOf,
  MAX_MESSAGE_LENGTH,
  ProviderError,
  teamRequestItemId,
  TTL_FIELD,
} from '@chat/core';
import type {
  Business,
  ChatResponse,
  Conversation,
  LastMessage,
  Message,
  NewTeamRequestItem,
  StoredFields,
  TeamRequestItem,
  ToolRequest,
} from '@chat/core';
import type { Logger } from 'pino';
import type { FirestoreAnsweredTurns } from './firestore-answered-turns.js';
import { createFirestoreAnsweredTurns, isAlreadyExists } from './firestore-answered-turns.js';
import { endAbandonedReplies } from './abandoned-replies.js';
import { storedBusiness, storedConversation, storedMessage } from './stored-documents.js';

/** Messages the assistant sees (the most recent); older ones are left out of its history. */
export const MAX_HISTORY_MESSAGES = 200;
export const MEMORY_COLLECTION = 'assistantMemory';

export interface TurnDocuments {
  conversation: Conversation | null;
  business: Business | null;
}

export interface ChatStore {
  /** The conversation and the business, read together (null when absent). */
  read(conversationId: string, businessId: string): Promise<TurnDocuments>;
  /**
   * The message `messageId` a call answers once it is stored in the conversation, waiting up to
   * `waitMs` for a save still on its way (decision 0025); 'message-not-saved' when it is not there by
   * then, 'invalid-argument' when that id holds anything but a message the page writes (the visitor's,
   * or a notice: a resume answers '✓ Phone number verified successfully'), 'unavailable' when
   * `withdrawn` aborts first (the caller went away).
   */
  savedMessage(
    conversationId: string,
    messageId: string,
    waitMs: number,
    withdrawn: AbortSignal,
  ): Promise<Message>;
  history(conversationId: string): Promise<Message[]>;
  memory(conversationId: string): Promise<AssistantMemory | null>;
  /** A message document of the conversation (under `id`, else a new id), not yet written. */
  newMessage(conversationId: string, id?: string): DocumentReference;
  /** The turns claimed per answered message (one answer per question, issue 27). */
  turns: FirestoreAnsweredTurns;
  /**
   * Writes a booking request or hand-off to the business's feed under its derived id, with `create()`:
   * when the item exists already (a repeated turn), nothing is written.
   */
  addTeamRequest(businessId: string, item: NewTeamRequestItem): Promise<void>;
  /**
   * The TTL field's value for what is written about `conversation`: its expiry (now for a conversation
   * without one) plus the retention.
   */
  deleteAt(conversation: Pick<Conversation, 'expiredAt'>): Timestamp;
  /**
   * Ends as cut the conversation's replies still streaming whose writer's lease lapsed (a writer that
   * died: abandoned-replies.ts); resolves with their ids.
   */
  endAbandonedReplies(conversationId: string): Promise<string[]>;
  /**
   * One batch at the end of a turn: the interrupt's auth message (after the reply), the
   * conversation's lastMessage and updatedAt when anything was written, and the assistant's memory.
   */
  endTurn(end: {
    conversationId: string;
    /** The TTL field's value for the auth message and the memory (deleteAt above). */
    deleteAt: Timestamp;
    reply: { id: string; text: string } | null;
    interrupt: TurnInterrupt | null;
    memory: AssistantMemory | null;
    /** The answered message's claim and its answer, settled in the same batch. */
    answered: { messageId: string; answer: ChatResponse } | null;
  }): Promise<void>;
}

/**
 * The document once it exists: its first snapshot that does, or null after `waitMs`. A listener, not
 * polling: its first snapshot is the document as it is now, and the save is seen the moment it lands.
 * Rejects 'unavailable' when `withdrawn` aborts first.
 */
function firstExisting(
  ref: DocumentReference,
  waitMs: number,
  withdrawn: AbortSignal,
): Promise<DocumentSnapshot | null> {
  if (withdrawn.aborted) return Promise.reject(withdrawnError());
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      unsubscribe();
      withdrawn.removeEventListener('abort', onWithdrawn);
      settle();
    };
    const onWithdrawn = () => done(() => reject(withdrawnError()));
    withdrawn.addEventListener('abort', onWithdrawn);
    const timer = setTimeout(() => done(() => resolve(null)), waitMs);
    const unsubscribe = ref.onSnapshot(
      (snapshot) => {
        if (snapshot.exists) done(() => resolve(snapshot));
      },
      (error) => done(() => reject(error)),
    );
  });
}

const withdrawnError = () => new ProviderError('unavailable', 'The caller withdrew the request');

export interface RetentionOptions {
  /** How long after its conversation expires a written document is kept. */
  retentionMs: number;
  now(): number;
  /** How long a streaming reply's writer is believed alive after a write (abandoned-replies.ts). */
  leaseMs: number;
}

export function createChatStore(db: Firestore, logger: Logger, retention: RetentionOptions): ChatStore {
  const conversations = db.collection('conversations');
  const turns = createFirestoreAnsweredTurns(
    db,
    (nowMs) => Timestamp.fromMillis(deleteAtFor(nowMs, retention.retentionMs)),
    retention.leaseMs,
  );
  const messagesOf = (conversationId: string) => conversations.doc(conversationId).collection('messages');

  return {
    async read(conversationId, businessId) {
      const [conversationDoc, businessDoc] = await db.getAll(
        conversations.doc(conversationId),
        db.collection('businesses').doc(businessId),
      );
      let conversation: Conversation | null = null;
      if (conversationDoc?.exists) {
        const read = storedConversation(conversationId, conversationDoc.data()!);
        // The page starts a new conversation on failed-precondition, which is what a visitor needs here.
        if (!read.ok) {
          throw new ProviderError(
            'failed-precondition',
            `conversationId: conversation ${conversationId} cannot be read (${read.problem})`,
          );
        }
        conversation = read.value;
      }
      let business: Business | null = null;
      if (businessDoc?.exists) {
        const read = storedBusiness(businessId, businessDoc.data()!);
        if (!read.ok) {
          logger.error({ businessId, problem: read.problem }, 'business document cannot be read');
          throw new ProviderError('internal', `Business ${businessId} cannot be read`);
        }
        business = read.value;
      }
      return { conversation, business };
    },

    async savedMessage(conversationId, messageId, waitMs, withdrawn) {
      const snapshot = await firstExisting(messagesOf(conversationId).doc(messageId), waitMs, withdrawn);
      if (!snapshot) {
        throw new ProviderError(
          'message-not-saved',
          `messageId: message ${messageId} was not saved in conversation ${conversationId} within ${waitMs} ms`,
        );
      }
      const read = storedMessage(messageId, snapshot.data()!);
      if (!read.ok || (read.value.role !== 'user' && read.value.role !== 'system')) {
        throw new ProviderError('invalid-argument', `messageId: message ${messageId} is not the visitor's`);
      }
      return read.value;
    },

    async history(conversationId) {
      const snapshot = await messagesOf(conversationId)
        .orderBy('createdAt', 'desc')
        .limit(MAX_HISTORY_MESSAGES)
        .get();
      const messages: Message[] = [];
      for (const doc of snapshot.docs.reverse()) {
        const read = storedMessage(doc.id, doc.data());
        if (read.ok) messages.push(read.value);
        else logger.warn({ conversationId, problem: read.problem }, 'message left out of the history');
      }
      return messages;
    },

    async memory(conversationId) {
      const doc = await db.collection(MEMORY_COLLECTION).doc(conversationId).get();
      const memory = doc.exists ? (doc.data()?.memory as unknown) : null;
      return typeof memory === 'object' && memory !== null ? (memory as AssistantMemory) : null;
    },

    newMessage: (conversationId, id) =>
      id ? messagesOf(conversationId).doc(id) : messagesOf(conversationId).doc(),

    endAbandonedReplies: (conversationId) =>
      endAbandonedReplies(messagesOf(conversationId), { leaseMs: retention.leaseMs, logger }),

    deleteAt: ({ expiredAt }) => Timestamp.fromMillis((expiredAt ?? retention.now()) + retention.retentionMs),

    turns,

    async addTeamRequest(businessId, item) {
      const id = teamRequestItemId(item.conversationId, item.messageId);
      const fields: StoredFields<TeamRequestItem, FieldValue, 'createdAt'> = {
        ...item,
        createdAt: FieldValue.serverTimestamp(),
      };
      try {
        await db.collection('businesses').doc(businessId).collection('feed').doc(id).create(fields);
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    },

    async endTurn({ conversationId, deleteAt, reply, interrupt, memory, answered }) {
      const batch = db.batch();
      if (answered) turns.settleIn(batch, conversationId, answered.messageId, answered.answer);
      let last: { id: string; text: string } | null = reply;
      if (interrupt) {
        const auth = messagesOf(conversationId).doc();
        const authMessage: StoredFields<Message, FieldValue, 'createdAt'> & { [TTL_FIELD]: Timestamp } = {
          role: 'model',
          type: 'auth',
          text: interrupt.message,
          // Through JSON: Firestore refuses undefined, which a tool request's input may hold.
          toolRequest: JSON.parse(JSON.stringify(interrupt.toolRequest)) as ToolRequest,
          createdAt: FieldValue.serverTimestamp(),
          [TTL_FIELD]: deleteAt,
        };
        batch.create(auth, authMessage);
        last = { id: auth.id, text: interrupt.message };
      }
      if (last) {
        const lastMessage: StoredFields<LastMessage, FieldValue, 'sentAt'> = {
          ...lastMessageOf({
            id: last.id,
            role: 'model',
            text: last.text.slice(0, MAX_MESSAGE_LENGTH),
            createdAt: 0,
          }),
          sentAt: FieldValue.serverTimestamp(),
        };
        batch.update(conversations.doc(conversationId), {
          lastMessage,
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
      if (memory) {
        batch.set(db.collection(MEMORY_COLLECTION).doc(conversationId), {
          memory: JSON.parse(JSON.stringify(memory)) as unknown,
          updatedAt: FieldValue.serverTimestamp(),
          [TTL_FIELD]: deleteAt,
        });
      }
      await batch.commit();
    },
  };
}
