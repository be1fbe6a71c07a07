/**
 * The floor page's Firebase backend: the Firestore calls the chat page makes before its first screen —
 * the business document, then a live query of the conversation's messages.
 */
import { initializeApp } from 'firebase/app';
import { collection, doc, getDoc, getFirestore, onSnapshot, orderBy, query } from 'firebase/firestore';
import type { FloorBackend } from './floor-backend.js';

export function createBackend(projectId: string): FloorBackend {
  const app = initializeApp({ projectId, apiKey: 'floor-page-api-key', appId: '1:1:web:1' });
  const db = getFirestore(app);
  return {
    async businessName(businessId) {
      const snapshot = await getDoc(doc(db, 'businesses', businessId));
      return String(snapshot.get('name') ?? businessId);
    },
    send(text, onText) {
      const messages = query(collection(db, 'conversations', text, 'messages'), orderBy('createdAt'));
      onSnapshot(messages, (snapshot) => onText(String(snapshot.docs[0]?.get('text') ?? '')));
    },
  };
}
