// What the page's first load needs: the backend (Firebase app + Firestore) and pure helpers. Nothing here
// may import firebase/auth — sign-in is its own chunk (./auth, and the backend's lazy import).
export { createFirebaseBackend, parseEmulatorHost, type FirebaseBackendOptions } from './firebase-backend.js';
export { createFirestoreDataProvider } from './firestore-data-provider.js';
export { firestoreErrorCode } from './firestore-error-code.js';
export { businessFromRestDocument } from './firestore-rest-document.js';
