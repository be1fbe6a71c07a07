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
 * - createConversation and addMessage are REST commits when `rest` is given (the page's: one round trip
 *   each, the server's createdAt in the answer, no SDK connection needed; decision 0021), else the SDK's
 *   writes, each read back for its createdAt (one extra read). When the REST API cannot be reached, a
 *   conversation is created by the SDK; a message is not: addMessage rejects with an unreachable
 *   ProviderError, and the chat session, which learns a lost connection from that (issue 28), saves it
 *   again under the same id once the network is back — one place that waits for the network, not two.
 *   addMessage is one atomic commit (the message, create-only under the client's id, and the
 *   conversation's lastMessage); a second write of a stored id fails in the rules and is answered with
 *   the stored copy.
 * - The first screen does not wait for the SDK's connection (decision 0021): a conversation created here
 *   is reported empty by its first subscription at once, and one read over REST (getConversation) is
 *   listed over REST by its first subscription, unless the SDK's listener answers from the server first;
 *   the listener's own lists follow. A listener on the conversation's document opens the SDK's connection
 *   meanwhile. Every other read and the live listener are the SDK's.
 * - The signup feed item, the conversation's signupFeedPosted and the phone number's signups/{phone}
 *   marker are one batched write (the rules accept none alone, and the marker only once per number ever):
 *   addFeedItem writes them, and markSignupFeedPosted only confirms the flag is set.
 * - Malformed documents: see firestore-documents.ts (business → 'internal', conversation → null,
 *   message → skipped), each with a console.warn or an error naming the bad fields.
 * - No offline persistence is enabled: SDK writes made while offline wait in memory and are lost on reload
 *   (a REST write made offline fails at once).
 * - subscribeToMessages lists only what the server has acknowledged: a message this page is still
 *   writing is left out until its write lands (the SDK's local copy would make an unsaved message look
 *   stored), as the local backend lists only what its server stored.
 */
import {
  ProviderError,
  NewConversationCheck,
  NewFeedItemCheck,
  NewMessageCheck,
  DocumentIdCheck,
  HandleCheck,
  CONVERSATION_LIFETIME_MS,
  TTL_FIELD,
  deleteAtFor,
  isDocumentId,
  normalHandle,
  checkInput,
  lastMessageOf,
  newMessageId,
  runCheck,
  type Conversation,
  type DataProvider,
  type Message,
  type MessagesObserver,
  type NewMessage,
  type StoredFields,
  type StreamState,
  type Unsubscribe,
} from '@chat/core';
import type {
  DocumentReference,
  DocumentSnapshot,
  FieldValue,
  Firestore,
  SnapshotOptions,
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
import { restFields } from './firestore-rest-document.js';
import { createRestApi, RestUnreachable, type RestTarget } from './firestore-rest-api.js';
import { streamStateOf } from './firestore-stream-state.js';
import type * as FirestoreSdk from './firestore-sdk.js';
import { FirestoreTime, type TimeLike } from './firestore-time.js';

/** The SDK's chunk (firestore-sdk.ts), loaded with `import()` only: never part of the first script. */
type Sdk = typeof FirestoreSdk;

/**
 * A Firestore the provider loads when it first needs the SDK (the page's: decision 0036), with the
 * project id the REST calls need before then. `load` may be asked again after it failed.
 */
export interface LazyFirestore {
  projectId: string;
  load: () => Promise<Firestore>;
}

/** signups/{phone}: the marker that a phone number's first signup was posted (firestore.rules). */
const SIGNUPS_COLLECTION = 'signups';

/** Pending serverTimestamp() fields read as the SDK's local estimate instead of null. */
type ConversationTimes = 'createdAt' | 'updatedAt' | 'expiredAt';
/**
 * A new conversation document as stored: core's Conversation, its times as the server sets them, and the
 * TTL field (deleteAt) Firestore's TTL policy deletes it by.
 */
type StoredConversation = StoredFields<Conversation, FieldValue, ConversationTimes> & TtlField;
type ConversationFieldsWithoutTimes = Omit<StoredConversation, ConversationTimes>;
interface TtlField {
  [TTL_FIELD]: FirestoreTime;
}

/**
 * The TTL field of a conversation or message created now: this device's clock + 24 h + the default
 * retention (core's deleteAtFor). firestore.rules accept it within bounds wide enough for a clock that is
 * off by days; it is not a time anything is decided by.
 */
function ttlField(): TtlField {
  return { [TTL_FIELD]: FirestoreTime.fromMillis(deleteAtFor(Date.now())) };
}

const READ_OPTIONS: SnapshotOptions = { serverTimestamps: 'estimate' };

/** An id that no document can have (Firestore would treat '/' as a path separator) is rejected up front. */
function parseId(id: unknown, what: string): string {
  return checkInput(DocumentIdCheck, id, what);
}

/** createdAt + 24 h, to the nanosecond, as the rules compute it (request.time has microseconds). */
function lifetimeAfter(createdAt: TimeLike): FirestoreTime {
  return new FirestoreTime(createdAt.seconds + CONVERSATION_LIFETIME_MS / 1000, createdAt.nanoseconds);
}

async function guarded<T>(doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toFirestoreProviderError(error, doing);
  }
}

/**
 * `firestore`: the Firestore to use, or how to load it (LazyFirestore, the page's): the SDK's module is
 * loaded with `import()` when a call first needs it — the live listener, the warm-up listener, a read or
 * write that is not REST's — and every such call awaits it; the REST calls never do.
 * `rest`: where the page's creates and sends go as REST commits (firestore-rest-api.ts), one round
 * trip each with the server's times in the answer; without it (or when the REST API cannot be reached)
 * they are the SDK's writes, each followed by a read of what was stored.
 */
export function createFirestoreDataProvider(
  firestore: Firestore | LazyFirestore,
  rest?: Omit<RestTarget, 'projectId'>,
): DataProvider {
  const lazy = 'load' in firestore ? firestore : null;
  const projectId = lazy ? lazy.projectId : String((firestore as Firestore).app.options.projectId);
  const api = rest ? createRestApi({ ...rest, projectId }) : null;
  const commit = api?.commit ?? null;
  let loading: Promise<{ s: Sdk; db: Firestore }> | null = null;
  /**
   * The SDK's module and the Firestore, loaded once; a failed load (a lost network) is tried again by
   * the next call, and rejects as unavailable, as a Firestore that cannot be reached does.
   */
  function sdk(): Promise<{ s: Sdk; db: Firestore }> {
    loading ??= Promise.all([
      import('./firestore-sdk.js'),
      lazy ? lazy.load() : Promise.resolve(firestore as Firestore),
    ]).then(
      ([s, db]) => ({ s, db }),
      (error: unknown) => {
        loading = null;
        const detail = error instanceof Error ? error.message : String(error);
        throw new ProviderError('unavailable', `Loading Firestore failed: ${detail}`);
      },
    );
    return loading;
  }
  /**
   * Conversations created here that nothing has been written to since: their message list is known to
   * be empty, so their first subscription says so at once, before the SDK's listener has connected
   * (which on a phone is several round trips); the listener's own lists follow.
   */
  const createdEmpty = new Set<string>();
  /**
   * Conversations read over REST for the first screen: their first subscription lists their messages
   * over REST too, shown unless the SDK's listener has answered first; its own lists follow.
   */
  const readOverRest = new Set<string>();
  const businessRef = ({ s, db }: { s: Sdk; db: Firestore }, id: string) => s.doc(db, 'businesses', id);
  const conversationRef = ({ s, db }: { s: Sdk; db: Firestore }, id: string) =>
    s.doc(db, 'conversations', id);
  const messagesRef = ({ s, db }: { s: Sdk; db: Firestore }, conversationId: string) =>
    s.collection(db, 'conversations', conversationId, 'messages');

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
   * While a conversation is created or read over REST, a listener on its document (readable while it
   * does not exist yet) opens the SDK's listen connection — a handshake of several round trips on a
   * phone — so the messages' listener, which starts only once the conversation is known, finds it open.
   * Ending this one leaves the connection open (the SDK closes it after a minute without listeners). It
   * costs a document read or three per first screen, where each send over the SDK cost one to read back
   * its createdAt. It starts once the SDK has loaded (this is what first asks for it, right after the
   * first screen); ended before then, it never starts — the messages' listener opens the connection.
   * Returns the function that ends it.
   */
  function warmUpListener(conversationId: string): () => void {
    let ended = false;
    let stop: (() => void) | null = null;
    sdk().then(
      (loaded) => {
        if (ended) return;
        stop = loaded.s.onSnapshot(
          conversationRef(loaded, conversationId),
          () => undefined,
          () => undefined,
        );
      },
      // Only ever a head start: whatever needs the SDK next reports a failed load.
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }

  /**
   * The conversation over REST (the page's first screen), or undefined when the answer is not one to
   * decide on (another status, a body that is not a document): the SDK's read then decides.
   */
  async function readConversationOverRest(id: string): Promise<Conversation | null | undefined> {
    const warmUp = warmUpListener(id);
    try {
      const { status, body } = await api!.get(`conversations/${id}`);
      // The rules deny reading another visitor's conversation; the interface says that reads as null.
      if (status === 404 || status === 403) return null;
      if (status !== 200 || typeof body !== 'object' || body === null) return undefined;
      const converted = conversationFromDocument(id, restFields((body as { fields?: unknown }).fields));
      if (converted.ok) {
        readOverRest.add(id);
        return converted.value;
      }
      console.warn(`[firestore] ${converted.problem}; treated as unusable`);
      return null;
    } finally {
      warmUp();
    }
  }

  /** A conversation's messages over REST, or null when the answer is not a whole list. */
  async function listMessagesOverRest(conversationId: string): Promise<Message[] | null> {
    const { status, body } = await api!.list(`conversations/${conversationId}/messages`, 'createdAt');
    if (status !== 200 || typeof body !== 'object' || body === null) return null;
    const page = body as { documents?: Array<{ name?: unknown; fields?: unknown }>; nextPageToken?: unknown };
    if (page.nextPageToken) return null;
    const docs = (page.documents ?? []).map((d) => ({
      id: String(d.name).split('/').at(-1) ?? '',
      data: restFields(d.fields),
    }));
    return messagesFromDocuments(docs, (problem) => console.warn(`[firestore] ${problem}; skipped`));
  }

  /**
   * Two REST commits: the conversation, expired at its creation (a write cannot say "server time +
   * 24 h"), then its exact expiry from the createdAt the first commit answered with — the only other
   * value the rules accept (decision 0006).
   */
  async function createOverRest(stored: ConversationFieldsWithoutTimes): Promise<Conversation> {
    // An id of the form the SDK's auto ids have (20 letters and digits), chosen without the SDK.
    const ref = { id: newMessageId() };
    const path = `conversations/${ref.id}`;
    const warmUp = warmUpListener(ref.id);
    try {
      const [[createdAt, updatedAt] = []] = await commit!([
        {
          path,
          fields: withoutUndefined(stored),
          serverTimes: ['createdAt', 'updatedAt', 'expiredAt'],
          exists: false,
        },
      ]);
      const expiredAt = lifetimeAfter(createdAt!);
      await commit!([{ path, fields: { expiredAt }, updateFields: ['expiredAt'], exists: true }]);
      const converted = conversationFromDocument(ref.id, { ...stored, createdAt, updatedAt, expiredAt });
      if (!converted.ok) throw new ProviderError('internal', converted.problem);
      return converted.value;
    } finally {
      warmUp();
    }
  }

  async function createWithSdk(stored: ConversationFieldsWithoutTimes): Promise<Conversation> {
    const loaded = await sdk();
    const { s, db } = loaded;
    // Typed by core's Conversation, so a field added there is missed here by the compiler.
    const document: StoredConversation = {
      ...stored,
      createdAt: s.serverTimestamp(),
      updatedAt: s.serverTimestamp(),
      // Expired until the exact expiry is set below: a write cannot say "server time + 24 h".
      expiredAt: s.serverTimestamp(),
    };
    const ref = await s.addDoc(s.collection(db, 'conversations'), s.sdkFields(withoutUndefined(document)));
    const created = await s.getDoc(ref);
    const createdAt: unknown = created.get('createdAt');
    if (!(createdAt instanceof s.Timestamp)) {
      throw new ProviderError('internal', `Conversation '${ref.id}' was read back without a createdAt`);
    }
    // createdAt + 24 h exactly, from the server's clock: the rules accept no other value.
    const exactExpiry = lifetimeAfter(createdAt);
    await s.updateDoc(ref, { expiredAt: s.sdkFields(exactExpiry) });
    const read = toConversation(created);
    if (!read) throw new ProviderError('internal', `Conversation '${ref.id}' could not be read back`);
    return { ...read, expiredAt: Math.floor(exactExpiry.toMillis()) };
  }

  type MessageFields = Omit<NewMessage, 'id'>;

  /** One REST commit: the message and, for a visitor's, the conversation's lastMessage (as below). */
  async function addOverRest(conversationId: string, messageId: string, fields: MessageFields) {
    const { sentAt: _sentAt, ...lastMessage } = lastMessageOf({ ...fields, id: messageId, createdAt: 0 });
    const [[createdAt] = []] = await commit!([
      {
        path: `conversations/${conversationId}/messages/${messageId}`,
        fields: { ...withoutUndefined(fields), ...ttlField() },
        serverTimes: ['createdAt'],
      },
      ...(fields.role === 'user'
        ? [
            {
              path: `conversations/${conversationId}`,
              fields: { lastMessage },
              updateFields: ['lastMessage'],
              serverTimes: ['lastMessage.sentAt', 'updatedAt'],
              exists: true,
            },
          ]
        : []),
    ]);
    const converted = messageFromDocument(messageId, { ...withoutUndefined(fields), createdAt });
    if (!converted.ok) throw new ProviderError('internal', converted.problem);
    return converted.value;
  }

  async function addWithSdk(conversationId: string, messageId: string, fields: MessageFields) {
    const loaded = await sdk();
    const { s, db } = loaded;
    const ref: DocumentReference = s.doc(messagesRef(loaded, conversationId), messageId);
    // One atomic write: the message under the id the client chose and, for a visitor message, the
    // conversation's lastMessage and updatedAt (the rules accept each alone too).
    const batch = s.writeBatch(db);
    batch.set(
      ref,
      s.sdkFields({ ...withoutUndefined(fields), createdAt: s.serverTimestamp(), ...ttlField() }),
    );
    if (fields.role === 'user') {
      batch.update(conversationRef(loaded, conversationId), {
        // The server's time, as the message's own createdAt (the rules check both against request.time).
        lastMessage: {
          ...lastMessageOf({ ...fields, id: ref.id, createdAt: 0 }),
          sentAt: s.serverTimestamp(),
        },
        updatedAt: s.serverTimestamp(),
      });
    }
    await batch.commit();
    return toMessage(await s.getDoc(ref));
  }

  return {
    async getBusinessById(businessId) {
      const id = parseId(businessId, 'businessId');
      return guarded('Reading the business', async () => {
        const loaded = await sdk();
        const snapshot = await loaded.s.getDoc(businessRef(loaded, id));
        return snapshot.exists() ? toBusiness(snapshot) : null;
      });
    },

    async getBusinessByHandle(handle) {
      const value = checkInput(HandleCheck, handle, 'handle');
      const indexId = handleDocumentId(value);
      if (indexId === null) return null;
      return guarded('Looking up the business handle', async () => {
        const loaded = await sdk();
        const { s, db } = loaded;
        // The handle index, not a query: the rules allow no listing of businesses (handle-index.ts).
        const entry = await s.getDoc(s.doc(db, HANDLES_COLLECTION, indexId));
        const businessId = entry.exists() ? businessIdOf(entry.data()) : null;
        if (businessId === null || !isDocumentId(businessId)) return null;
        const snapshot = await s.getDoc(businessRef(loaded, businessId));
        if (!snapshot.exists()) return null;
        const business = toBusiness(snapshot);
        // A stale entry (the business has another handle now) finds nothing, as a query would.
        return normalHandle(business.handle) === indexId ? business : null;
      });
    },

    async getConversation(conversationId) {
      const id = parseId(conversationId, 'conversationId');
      if (api) {
        try {
          const read = await readConversationOverRest(id);
          if (read !== undefined) return read;
        } catch (error) {
          if (!(error instanceof RestUnreachable)) throw error;
        }
      }
      try {
        const loaded = await sdk();
        const snapshot = await loaded.s.getDoc(conversationRef(loaded, id));
        return snapshot.exists() ? toConversation(snapshot) : null;
      } catch (error) {
        // The rules deny reading another visitor's conversation; the interface says that reads as null.
        if (firestoreErrorCode(error) === 'permission-denied') return null;
        throw toFirestoreProviderError(error, 'Reading the conversation');
      }
    },

    async createConversation(input) {
      const fields = checkInput(NewConversationCheck, input, 'conversation');
      const stored: ConversationFieldsWithoutTimes = {
        ...fields,
        summaryFeedPosted: false,
        signupFeedPosted: false,
        lastMessage: null,
        ...ttlField(),
      };
      const created = await guarded('Creating the conversation', async () => {
        if (commit) {
          try {
            return await createOverRest(stored);
          } catch (error) {
            if (!(error instanceof RestUnreachable)) throw error;
          }
        }
        return createWithSdk(stored);
      });
      createdEmpty.add(created.id);
      return created;
    },

    async addMessage(conversationId, message) {
      const id = parseId(conversationId, 'conversation id');
      const { id: messageId, ...fields } = checkInput(NewMessageCheck, message, 'message');
      // Anything written makes the list no longer known to be empty.
      createdEmpty.delete(id);
      return guarded('Saving the message', async () => {
        try {
          if (commit) return await addOverRest(id, messageId, fields);
          return await addWithSdk(id, messageId, fields);
        } catch (error) {
          // No answer at all: nothing is known to be written; the caller tries again under this id.
          if (error instanceof RestUnreachable) {
            throw new ProviderError('unavailable', error.message, undefined, { unreachable: true });
          }
          // Messages are create-only: writing a stored id again is refused as an update. A retried save
          // whose first attempt landed finds its copy here, and that copy is the answer.
          const stored = await sdk()
            .then((loaded) => loaded.s.getDoc(loaded.s.doc(messagesRef(loaded, id), messageId)))
            .catch(() => null);
          if (stored?.exists()) return toMessage(stored);
          throw error;
        }
      });
    },

    async addFeedItem(businessId, item) {
      const id = parseId(businessId, 'business id');
      const fields = checkInput(NewFeedItemCheck, item, 'feed item');
      await guarded('Adding the feed item', async () => {
        // One item per phone number ever: its id is the conversation id, and it is written in the same
        // batch that sets the conversation's signupFeedPosted and creates the number's create-only
        // signups/{phone} marker — firestore.rules accepts the three only together.
        const loaded = await sdk();
        const { s, db } = loaded;
        const batch = s.writeBatch(db);
        batch.set(s.doc(db, 'businesses', id, 'feed', fields.conversationId), {
          ...withoutUndefined(fields),
          createdAt: s.serverTimestamp(),
        });
        batch.update(conversationRef(loaded, fields.conversationId), { signupFeedPosted: true });
        if (fields.customerPhone !== null) {
          batch.set(s.doc(db, SIGNUPS_COLLECTION, fields.customerPhone), {
            businessId: id,
            conversationId: fields.conversationId,
            createdAt: s.serverTimestamp(),
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
        const loaded = await sdk();
        const snapshot = await loaded.s.getDoc(conversationRef(loaded, id));
        if (snapshot.exists() && snapshot.get('signupFeedPosted') === true) return;
        await loaded.s.updateDoc(conversationRef(loaded, id), { signupFeedPosted: true });
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
      let stopped = false;
      let listened = false;
      if (createdEmpty.delete(conversationId)) {
        queueMicrotask(() => {
          if (!stopped && !listened) observer.next([]);
        });
      } else if (readOverRest.delete(conversationId)) {
        listMessagesOverRest(conversationId).then(
          (messages) => {
            if (messages && !stopped && !listened) observer.next(messages);
          },
          // The listener reports what is wrong; this list was only ever a head start.
          () => undefined,
        );
      }
      let stop: (() => void) | null = null;
      // The SDK's listener, once the SDK has loaded (the first subscription is what loads it, when the
      // conversation's creation or read has not already); until then the head start above is all.
      const listen = ({ s, db }: { s: Sdk; db: Firestore }) =>
        s.onSnapshot(
          s.query(messagesRef({ s, db }, conversationId), s.orderBy('createdAt', 'asc')),
          // Metadata changes tell when Firestore goes offline (served from cache) and back online.
          { includeMetadataChanges: true },
          (snapshot) => {
            // A list from the server supersedes the head start; one from the cache (offline) does not.
            if (!snapshot.metadata.fromCache) listened = true;
            const state = streamStateOf(snapshot.metadata);
            if (state !== lastState) {
              // The first snapshot from the server is simply live; only a change is worth reporting.
              if (lastState !== null || state === 'reconnecting') observer.state?.(state);
              lastState = state;
            }
            // Only what the server has: the SDK lists a write of this page at once, before the server has
            // it, and a save that timed out would then look sent (and a Retry be hidden) though it may never
            // land. The session shows the visitor's own messages from its outbox until they are stored.
            const docs = snapshot.docs
              .filter((d) => !d.metadata.hasPendingWrites)
              .map((d) => ({ id: d.id, data: d.data(READ_OPTIONS) }));
            observer.next(
              messagesFromDocuments(docs, (problem) => console.warn(`[firestore] ${problem}; skipped`)),
            );
          },
          (error) => observer.error(toFirestoreProviderError(error, 'Listening to the messages')),
        );
      // The listener starts in a task of its own: with the SDK already loaded (preloaded after the
      // welcome, or by the conversation's creation) it would otherwise start inside the task that shows
      // the conversation, and its setup (a query, a watch target, the channel's first request) was part
      // of that task, the longest of a traced Firebase load (33–35 ms unthrottled; Lighthouse counts
      // such a task 4×).
      sdk().then(
        (loaded) => {
          setTimeout(() => {
            if (!stopped) stop = listen(loaded);
          }, 0);
        },
        (error: unknown) => {
          if (!stopped) observer.error(toFirestoreProviderError(error, 'Listening to the messages'));
        },
      );
      return () => {
        if (stopped) return;
        stopped = true;
        stop?.();
      };
    },
  };
}
