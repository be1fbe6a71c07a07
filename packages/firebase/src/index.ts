// What the page's first load needs: the backend (Firebase app, REST calls, the data provider) and pure
// helpers. Nothing here may import firebase/auth — sign-in is its own chunk (./auth, and the backend's lazy
// import) — nor firebase/firestore at run time: the SDK is its own chunk too (firestore-sdk.ts).
export { createFirebaseBackend, parseEmulatorHost, type FirebaseBackendOptions } from './firebase-backend.js';
export { createFirestoreDataProvider, type LazyFirestore } from './firestore-data-provider.js';
export { firestoreErrorCode } from './firestore-error-code.js';
export { businessFromRestDocument } from './firestore-rest-document.js';
