/**
 * The sign-in half of the Firebase backend: Firebase Auth (and with it the reCAPTCHA loader). Only ever
 * loaded through a dynamic import from firebase-backend.ts, so it is its own chunk that the page fetches
 * when the phone widget appears or a stored session must be restored — never on the first load.
 */
import type { AuthProvider } from '@chat/core';
import type { FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { parseEmulatorHost } from './emulator-host.js';
import { createFirebaseAuthProvider } from './firebase-auth-provider.js';

/**
 * Where Firebase Auth keeps the signed-in visitor: the first of these the browser allows (the SDK's rule
 * for a list). getAuth()'s own list, with memory spelled out at the end: where the browser refuses every
 * storage — Chromium denies IndexedDB, localStorage and sessionStorage to the embed snippet's iframe on a
 * business's own site when third-party storage is blocked — the session lives in memory for the page's
 * lifetime and sign-in still works; the visitor signs in again after a reload.
 */
const PERSISTENCE = [
  indexedDBLocalPersistence,
  browserLocalPersistence,
  browserSessionPersistence,
  inMemoryPersistence,
];

/**
 * The AuthProvider over the app's Firebase Auth, once Firebase has restored any persisted session (so
 * currentUser() is already right when this resolves).
 */
export async function connectFirebaseAuth(
  app: FirebaseApp,
  authEmulatorHost?: string,
): Promise<AuthProvider> {
  // initializeAuth returns the same instance when called again with the same settings (a retried load).
  const auth = initializeAuth(app, {
    persistence: PERSISTENCE,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (authEmulatorHost && !auth.emulatorConfig) {
    const { host, port } = parseEmulatorHost(authEmulatorHost, 'authEmulatorHost');
    // Before any RecaptchaVerifier exists: only then does the SDK use its fake reCAPTCHA.
    connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  await auth.authStateReady();
  return createFirebaseAuthProvider(auth);
}
