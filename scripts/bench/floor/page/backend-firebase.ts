/**
 * The floor page's Firebase backend: the business document through Firestore and, in parallel, a new
 * anonymous conversation (created, read back and given its 24-hour expiry: the two writes firestore.rules
 * accept, decision 0006) and its live messages (onSnapshot). A send saves the message with the
 * conversation's lastMessage in one batch, then calls the chat service (§4's order), the reply arriving
 * through the listener.
 *
 * `VITE_FLOOR_SERVER` is `projectId[,firestoreEmulatorHost:port]`: without an emulator (the page-weight
 * run) every Firestore call goes to Google's servers, which the bench blocks. The chat service is at the
 * page's own origin (`/api/chat`), as Firebase Hosting's rewrite puts it.
 */
import { initializeApp } from 'firebase/app';
import {
  Timestamp,
  addDoc,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import type { FloorBackend } from './floor-backend.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The TTL field firestore.rules require on a new conversation and message (data-retention.ts): its
 * 24 hours and the default 30 days' retention, by this machine's clock (the emulator's).
 */
const deleteAt = () => Timestamp.fromMillis(Date.now() + DAY_MS + 30 * DAY_MS);

export function createBackend(setting: string): FloorBackend {
  const [projectId = '', emulator] = setting.split(',');
  const app = initializeApp({ projectId, apiKey: 'floor-page-api-key', appId: '1:1:web:1' });
  const db = getFirestore(app);
  if (emulator) {
    const [host = '127.0.0.1', port = '8080'] = emulator.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }
  let conversationId = '';
  let businessId = '';

  async function createConversation(id: string): Promise<string> {
    const ref = await addDoc(collection(db, 'conversations'), {
      businessId: id,
      userId: null,
      userType: 'anonymous',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
      summaryFeedPosted: false,
      signupFeedPosted: false,
      lastMessage: null,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
      expiredAt: serverTimestamp(),
      deleteAt: deleteAt(),
    });
    const createdAt = (await getDoc(ref)).get('createdAt') as Timestamp;
    await updateDoc(ref, { expiredAt: Timestamp.fromMillis(createdAt.toMillis() + DAY_MS) });
    return ref.id;
  }

  return {
    async open(id, onReply) {
      businessId = id;
      const name = getDoc(doc(db, 'businesses', id)).then((snapshot) =>
        String(snapshot.get('businessName') ?? id),
      );
      const live = createConversation(id).then(
        (created) =>
          new Promise<void>((resolve, reject) => {
            conversationId = created;
            const messages = collection(db, 'conversations', created, 'messages');
            onSnapshot(
              query(messages, orderBy('createdAt')),
              (snapshot) => {
                for (const message of snapshot.docs) {
                  if (message.get('role') === 'model') onReply(message.id, String(message.get('text') ?? ''));
                }
                resolve();
              },
              reject,
            );
          }),
      );
      return (await Promise.all([name, live]))[0];
    },
    send(text) {
      const conversation = doc(db, 'conversations', conversationId);
      const message = doc(collection(conversation, 'messages'));
      const batch = writeBatch(db);
      batch.set(message, { role: 'user', text, createdAt: serverTimestamp(), deleteAt: deleteAt() });
      batch.update(conversation, {
        lastMessage: { text, sender: 'user', sentAt: serverTimestamp(), messageId: message.id },
        updatedAt: serverTimestamp(),
      });
      // §4's order: the message is saved, then the chat service is called.
      void batch.commit().then(() =>
        fetch('/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            message: text,
            conversationId,
            businessId,
            profileId: businessId,
            contextType: 'enduser',
            userTimezone: 'UTC',
          }),
        }),
      );
    },
  };
}
