/**
 * DataProvider over Cloud Firestore (modular web SDK).
 *
 * Layout: 'businesses/{id}' (get-only for clients), 'handles/{handle}' (get-only: the handle index,
 * handle-index.ts), 'businesses/{id}/feed/{id}', 'conversations/{id}', 'conversations/{id}/messages/{id}'. firestore.rules at the repo root is what
 * actually enforces who may read and write what; this file only shapes the calls.
 *
 * Limits:
 * - A write cannot say "server time + 24 h", so a conversation is created with expiredAt equal to its
 *   createdAt (expired) and then given exactly createdAt + 24 h in a second write, the only other value
 *   the rules accept (decision 0006). If that second write fails, creating the conversation fails.
 * - createConversation and addMessage read the document back after the write to return the server's
 *   createdAt: one extra document read each. addMessage is a batch (the message, create-only under the
 *   client's id, and the conversation's lastMessage); a second write of a stored id fails in the rules
 *   and is answered with the stored copy.
 * - The signup feed item, the conversation's signupFeedPosted and the phone number's signups/{phone}
 *   marker are one batched write (the rules accept none alone, and the marker only once per number ever):
 *   addFeedItem writes them, and markSignupFeedPosted only confirms the flag is set.
 * - Malformed documents: see firestore-documents.ts (business → 'internal', conversation → null,
 *   message → skipped), each with a console.warn or an error naming the bad fields.
 * - No offline persistence is enabled: writes made while offline wait in memory and are lost on reload.
 */
import {
  ProviderError,
  NewConversationCheck,
  NewFeedItemCheck,
  NewMessageCheck,
  DocumentIdCheck,
  HandleCheck,
  CONVERSATION_LIFETIME_MS,
  isDocumentId,
  checkInput,
  lastMessageOf,
  runCheck,
  type Conversation,
  type DataProvider,
  type Message,
  type MessagesObserver,
  type StreamState,
  type Unsubscribe,
} from '@chat/core';
import {
  addDoc,
  collection,
  doc,
  getDoc,
  getDocFromCache,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  writeBatch,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type SnapshotOptions,
} from 'firebase/firestore';
import {
  businessFromDocument,
  conversationFromDocument,
  messageFromDocument,
  messagesFromDocuments,
  withoutUndefined,
} from './firestore-documents.js';
import { businessIdOf, handleDocumentId, HANDLES_COLLECTION } from './handle-index.js';
import { firestoreErrorCode, toFirestoreProviderError } from './firestore-error-code.js';
import { streamStateOf } from './firestore-stream-state.js';

/** signups/{phone}: the marker that a phone number's first signup was posted (firestore.rules). */
const SIGNUPS_COLLECTION = 'signups';

/** Pending serverTimestamp() fields read as the SDK's local estimate instead of null. */
const READ_OPTIONS: SnapshotOptions = { serverTimestamps: 'estimate' };

/** An id that no document can have (Firestore would treat '/' as a path separator) is rejected up front. */
function parseId(id: unknown, what: string): string {
  return checkInput(DocumentIdCheck, id, what);
}

/** createdAt + 24 h, to the nanosecond, as the rules compute it (request.time has microseconds). */
function lifetimeAfter(createdAt: Timestamp): Timestamp {
  return new Timestamp(createdAt.seconds + CONVERSATION_LIFETIME_MS / 1000, createdAt.nanoseconds);
}

async function guarded<T>(doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toFirestoreProviderError(error, doing);
  }
}

export function createFirestoreDataProvider(db: Firestore): DataProvider {
  const businessRef = (id: string) => doc(db, 'businesses', id);
  const conversationRef = (id: string) => doc(db, 'conversations', id);
  const messagesRef = (conversationId: string) => collection(db, 'conversations', conversationId, 'messages');

  function toBusiness(snapshot: DocumentSnapshot) {
    const converted = businessFromDocument(snapshot.id, snapshot.data(READ_OPTIONS) ?? {});
    if (!converted.ok) throw new ProviderError('internal', converted.problem);
    return converted.value;
  }

  function toConversation(snapshot: DocumentSnapshot): Conversation | null {
    const converted = conversationFromDocument(snapshot.id, snapshot.data(READ_OPTIONS) ?? {});
    if (converted.ok) return converted.value;
    console.warn(`[firestore] ${converted.problem}; treated as unusable`);
    return null;
  }

  function toMessage(snapshot: DocumentSnapshot): Message {
    const converted = messageFromDocument(snapshot.id, snapshot.data(READ_OPTIONS) ?? {});
    if (!converted.ok) throw new ProviderError('internal', converted.problem);
    return converted.value;
  }

  /**
   * A message just written, as the server stored it. The commit's answer carries the server's stamps
   * and the live listener on the conversation keeps the document in the cache, so the cache usually
   * has it without another round trip — which would otherwise stand between the visitor's Enter and
   * the chat call (docs/decisions/0021). A document the cache does not hold, or holds with writes
   * still pending, is read from the server as before.
   */
  async function storedMessage(ref: DocumentReference): Promise<Message> {
    const cached = await getDocFromCache(ref).catch(() => null);
    if (cached?.exists() && !cached.metadata.hasPendingWrites) return toMessage(cached);
    return toMessage(await getDoc(ref));
  }

  return {
    async getBusinessById(businessId) {
      const id = parseId(businessId, 'businessId');
      return guarded('Reading the business', async () => {
        const snapshot = await getDoc(businessRef(id));
        return snapshot.exists() ? toBusiness(snapshot) : null;
      });
    },

    async getBusinessByHandle(handle) {
      const value = checkInput(HandleCheck, handle, 'handle');
      const indexId = handleDocumentId(value);
      if (indexId === null) return null;
      return guarded('Looking up the business handle', async () => {
        // The handle index, not a query: the rules allow no listing of businesses (handle-index.ts).
        const entry = await getDoc(doc(db, HANDLES_COLLECTION, indexId));
        const businessId = entry.exists() ? businessIdOf(entry.data()) : null;
        if (businessId === null || !isDocumentId(businessId)) return null;
        const snapshot = await getDoc(businessRef(businessId));
        if (!snapshot.exists()) return null;
        const business = toBusiness(snapshot);
        // A stale entry (the business has another handle now) finds nothing, as a query would.
        return business.handle === value ? business : null;
      });
    },

    async getConversation(conversationId) {
      const id = parseId(conversationId, 'conversationId');
      try {
        const snapshot = await getDoc(conversationRef(id));
        return snapshot.exists() ? toConversation(snapshot) : null;
      } catch (error) {
        // The rules deny reading another visitor's conversation; the interface says that reads as null.
        if (firestoreErrorCode(error) === 'permission-denied') return null;
        throw toFirestoreProviderError(error, 'Reading the conversation');
      }
    },

    async createConversation(input) {
      const fields = checkInput(NewConversationCheck, input, 'conversation');
      return guarded('Creating the conversation', async () => {
        const ref = await addDoc(collection(db, 'conversations'), {
          ...withoutUndefined(fields),
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          // Expired until the exact expiry is set below: a write cannot say "server time + 24 h".
          expiredAt: serverTimestamp(),
          summaryFeedPosted: false,
          signupFeedPosted: false,
          lastMessage: null,
        });
        const created = await getDoc(ref);
        const createdAt: unknown = created.get('createdAt');
        if (!(createdAt instanceof Timestamp)) {
          throw new ProviderError('internal', `Conversation '${ref.id}' was read back without a createdAt`);
        }
        // createdAt + 24 h exactly, from the server's clock: the rules accept no other value.
        const exactExpiry = lifetimeAfter(createdAt);
        await updateDoc(ref, { expiredAt: exactExpiry });
        const stored = toConversation(created);
        if (!stored) throw new ProviderError('internal', `Conversation '${ref.id}' could not be read back`);
        return { ...stored, expiredAt: Math.floor(exactExpiry.toMillis()) };
      });
    },

    async addMessage(conversationId, message) {
      const id = parseId(conversationId, 'conversation id');
      const { id: messageId, ...fields } = checkInput(NewMessageCheck, message, 'message');
      return guarded('Saving the message', async () => {
        const ref = doc(messagesRef(id), messageId);
        // One atomic write: the message under the id the client chose and, for a visitor message, the
        // conversation's lastMessage and updatedAt (the rules accept each alone too).
        const batch = writeBatch(db);
        batch.set(ref, { ...withoutUndefined(fields), createdAt: serverTimestamp() });
        if (fields.role === 'user') {
          batch.update(conversationRef(id), {
            // The server's time, as the message's own createdAt (the rules check both against request.time).
            lastMessage: {
              ...lastMessageOf({ ...fields, id: messageId, createdAt: 0 }),
              sentAt: serverTimestamp(),
            },
            updatedAt: serverTimestamp(),
          });
        }
        try {
          await batch.commit();
        } catch (error) {
          // Messages are create-only: writing a stored id again is refused as an update. A retried save
          // whose first attempt landed finds its copy here, and that copy is the answer.
          const stored = await getDoc(ref).catch(() => null);
          if (stored?.exists()) return toMessage(stored);
          throw error;
        }
        return storedMessage(ref);
      });
    },

    async addFeedItem(businessId, item) {
      const id = parseId(businessId, 'business id');
      const fields = checkInput(NewFeedItemCheck, item, 'feed item');
      await guarded('Adding the feed item', async () => {
        // One item per phone number ever: its id is the conversation id, and it is written in the same
        // batch that sets the conversation's signupFeedPosted and creates the number's create-only
        // signups/{phone} marker — firestore.rules accepts the three only together.
        const batch = writeBatch(db);
        batch.set(doc(db, 'businesses', id, 'feed', fields.conversationId), {
          ...withoutUndefined(fields),
          createdAt: serverTimestamp(),
        });
        batch.update(conversationRef(fields.conversationId), { signupFeedPosted: true });
        if (fields.customerPhone !== null) {
          batch.set(doc(db, SIGNUPS_COLLECTION, fields.customerPhone), {
            businessId: id,
            conversationId: fields.conversationId,
            createdAt: serverTimestamp(),
          });
        }
        await batch.commit();
      });
    },

    async markSignupFeedPosted(conversationId) {
      const id = parseId(conversationId, 'conversation id');
      await guarded('Marking the signup feed item as posted', async () => {
        // addFeedItem has set the flag in its batch; a flag without its feed item is refused by the rules,
        // so this write is attempted only when the flag is still unset (and then rejected by the rules).
        const snapshot = await getDoc(conversationRef(id));
        if (snapshot.exists() && snapshot.get('signupFeedPosted') === true) return;
        await updateDoc(conversationRef(id), { signupFeedPosted: true });
      });
    },

    subscribeToMessages(conversationId: string, observer: MessagesObserver): Unsubscribe {
      const id = runCheck(DocumentIdCheck, conversationId);
      if (!id.ok) {
        // Reported asynchronously, like a listener failure, so callers handle one path.
        const error = new ProviderError('invalid-argument', `Invalid conversationId: ${id.problem}`);
        let cancelled = false;
        queueMicrotask(() => {
          if (!cancelled) observer.error(error);
        });
        return () => {
          cancelled = true;
        };
      }
      let lastState: StreamState | null = null;
      const stop = onSnapshot(
        query(messagesRef(conversationId), orderBy('createdAt', 'asc')),
        // Metadata changes tell when Firestore goes offline (served from cache) and back online.
        { includeMetadataChanges: true },
        (snapshot) => {
          const state = streamStateOf(snapshot.metadata);
          if (state !== lastState) {
            // The first snapshot from the server is simply live; only a change is worth reporting.
            if (lastState !== null || state === 'reconnecting') observer.state?.(state);
            lastState = state;
          }
          const docs = snapshot.docs.map((d) => ({ id: d.id, data: d.data(READ_OPTIONS) }));
          observer.next(
            messagesFromDocuments(docs, (problem) => console.warn(`[firestore] ${problem}; skipped`)),
          );
        },
        (error) => observer.error(toFirestoreProviderError(error, 'Listening to the messages')),
      );
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        stop();
      };
    },
  };
}
