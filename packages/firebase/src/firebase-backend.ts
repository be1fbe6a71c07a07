/**
 * The Firebase backend: Firestore for data, Firebase Auth for phone sign-in, and the chat service over
 * HTTP (the same client the local backend uses). This package is the only place that imports firebase.
 *
 * Limits:
 * - One Firebase app per page: a second backend created with the same config reuses the default app
 *   (initializeApp returns it), and close() deletes it for both.
 * - Emulators are used only when their hosts are given ("127.0.0.1:9099"); there is no automatic
 *   detection, so production code never branches on "is this a test".
 */
import { createHttpChatService } from '@chat/chat-client';
import type { Backend } from '@chat/core';
import { deleteApp, initializeApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { createFirebaseAuthProvider } from './firebase-auth-provider.js';
import { createFirestoreDataProvider } from './firestore-data-provider.js';

export interface FirebaseBackendOptions {
  /** The web app's Firebase config (Project settings → Your apps). */
  firebase: Required<Pick<FirebaseOptions, 'apiKey' | 'authDomain' | 'projectId' | 'appId'>>;
  /** Base URL of the chat service (POST {chatServiceUrl}/api/chat); "" for the page's own origin. */
  chatServiceUrl: string;
  /** "host:port" of the Auth emulator, e.g. "127.0.0.1:9099". */
  authEmulatorHost?: string;
  /** "host:port" of the Firestore emulator, e.g. "127.0.0.1:8080". */
  firestoreEmulatorHost?: string;
}

/** Splits "host:port" (IPv6 in brackets allowed), failing with a message that names the option. */
export function parseEmulatorHost(value: string, option: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || !match[1] || port < 1 || port > 65535) {
    throw new Error(`${option} must be "host:port" (for example "127.0.0.1:9099"), got "${value}"`);
  }
  return { host: match[1], port };
}

export function createFirebaseBackend(options: FirebaseBackendOptions): Backend {
  const app = initializeApp(options.firebase);
  const auth = getAuth(app);
  if (options.authEmulatorHost && !auth.emulatorConfig) {
    const { host, port } = parseEmulatorHost(options.authEmulatorHost, 'authEmulatorHost');
    // Before any RecaptchaVerifier exists: only then does the SDK use its fake reCAPTCHA.
    connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  const db = getFirestore(app);
  if (options.firestoreEmulatorHost) {
    const { host, port } = parseEmulatorHost(options.firestoreEmulatorHost, 'firestoreEmulatorHost');
    connectFirestoreEmulator(db, host, port);
  }
  return {
    data: createFirestoreDataProvider(db),
    auth: createFirebaseAuthProvider(auth),
    chat: createHttpChatService({ baseUrl: options.chatServiceUrl }),
    close() {
      // Ends the Firestore listeners and connections and the auth state listeners of this app.
      void deleteApp(app).catch((error: unknown) =>
        console.warn('[firebase] deleting the app failed', error),
      );
    },
  };
}
