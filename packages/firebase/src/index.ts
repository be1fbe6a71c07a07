export { createFirebaseBackend, parseEmulatorHost, type FirebaseBackendOptions } from './firebase-backend.js';
export { createFirestoreDataProvider } from './firestore-data-provider.js';
export { createFirebaseAuthProvider, toAuthUser } from './firebase-auth-provider.js';
export { firestoreErrorCode } from './firestore-error-code.js';
export { authErrorCode, type AuthStep } from './auth-error-code.js';
