/**
 * The sign-in half of the Firebase backend: Firebase Auth (and with it the reCAPTCHA loader). Only ever
 * loaded through a dynamic import from firebase-backend.ts, so it is its own chunk that the page fetches
 * when the phone widget appears or a stored session must be restored — never on the first load.
 */
import type { AuthProvider } from '@chat/core';
import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { parseEmulatorHost } from './emulator-host.js';
import { createFirebaseAuthProvider } from './firebase-auth-provider.js';

/**
 * The AuthProvider over the app's Firebase Auth, once Firebase has restored any persisted session (so
 * currentUser() is already right when this resolves).
 */
export async function connectFirebaseAuth(
  app: FirebaseApp,
  authEmulatorHost?: string,
): Promise<AuthProvider> {
  const auth = getAuth(app);
  if (authEmulatorHost && !auth.emulatorConfig) {
    const { host, port } = parseEmulatorHost(authEmulatorHost, 'authEmulatorHost');
    // Before any RecaptchaVerifier exists: only then does the SDK use its fake reCAPTCHA.
    connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  await auth.authStateReady();
  return createFirebaseAuthProvider(auth);
}
