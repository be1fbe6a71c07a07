// `@chat/firebase/auth`: the sign-in half on its own, for a page that composes Firebase Auth with other
// data and chat providers (the Firebase-Auth browser journey's test entry). Imports firebase/auth.
export { connectFirebaseAuth } from './firebase-auth-session.js';
export { createFirebaseAuthProvider, toAuthUser } from './firebase-auth-provider.js';
export { createLazyAuthProvider, SESSION_HINT_KEY, type LazyAuthProvider } from './lazy-auth-provider.js';
export { authErrorCode, type AuthStep } from './auth-error-code.js';
