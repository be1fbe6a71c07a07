/**
 * The floor page's Firebase backend: the business document through Firestore and, in parallel, a new
 * anonymous conversation and its live messages (onSnapshot); a send saves the message, then calls the
 * chat service (§4's order), the reply arriving through the listener. `VITE_FLOOR_SERVER` is
 * `projectId[,firestoreEmulatorHost:port[,chatServiceUrl]]`: without an emulator (the page-weight run)
 * every Firestore call goes to Google's servers, which the bench blocks.
 */
import { initializeApp } from 'firebase/app';
import {
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
} from 'firebase/firestore';
import type { FloorBackend } from './floor-backend.js';

export function createBackend(setting: string): FloorBackend {
  const [projectId = '', emulator, chatServiceUrl = ''] = setting.split(',');
  const app = initializeApp({ projectId, apiKey: 'floor-page-api-key', appId: '1:1:web:1' });
  const db = getFirestore(app);
  if (emulator) {
    const [host = '127.0.0.1', port = '8080'] = emulator.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }
  let conversationId = '';
  let businessId = '';
  return {
    async open(id, onReply) {
      businessId = id;
      const name = getDoc(doc(db, 'businesses', id)).then((snapshot) =>
        String(snapshot.get('businessName') ?? snapshot.get('name') ?? id),
      );
      const live = addDoc(collection(db, 'conversations'), {
        businessId: id,
        userId: null,
        userType: 'anonymous',
        contextType: 'enduser',
        isOutsideBusinessHours: false,
        summaryFeedPosted: false,
        signupFeedPosted: false,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        expiredAt: serverTimestamp(),
      }).then(
        (conversation) =>
          new Promise<void>((resolve, reject) => {
            conversationId = conversation.id;
            const messages = query(collection(conversation, 'messages'), orderBy('createdAt'));
            onSnapshot(
              messages,
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
      const messages = collection(db, 'conversations', conversationId, 'messages');
      // §4's order: the message is saved, then the chat service is called.
      void addDoc(messages, { role: 'user', text, createdAt: serverTimestamp() }).then(() =>
        fetch(`${chatServiceUrl}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: text, conversationId, businessId, profileId: businessId }),
        }),
      );
    },
  };
}
