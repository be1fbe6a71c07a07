/**
 * The Firebase backend: Firestore for data, Firebase Auth for phone sign-in, and the chat service over
 * HTTP (the same client the local backend uses). This package is the only place that imports firebase.
 *
 * What loads when (decisions 0006, 0036): this module — the Firebase app, the REST calls and the data
 * provider — is the page's first load, in its main chunk (web/src/app/backends/firebase.ts imports it
 * statically). Firestore's SDK is a separate chunk (firestore-sdk.ts) fetched when the data provider
 * first needs it: the listener that warms its connection while the conversation is created or read, the
 * live message listener, any call REST does not make. Firebase Auth with reCAPTCHA is a separate chunk
 * (firebase-auth-session.ts) fetched when the phone widget appears, or at once when the browser had a
 * signed-in visitor last time.
 *
 * Limits:
 * - One Firebase app per page: a second backend created with the same config reuses the default app
 *   (initializeApp returns it), and close() deletes it for both.
 * - Emulators are used only when their hosts are given ("127.0.0.1:9099"); there is no automatic
 *   detection, so production code never branches on "is this a test".
 */
import { createHttpChatService } from '@chat/chat-client';
import type { Backend, KeyValueStore } from '@chat/core';
import { deleteApp, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import { firestoreRestOrigin, parseEmulatorHost } from './emulator-host.js';
import type { AppCheckSettings } from './firebase-app-check.js';
import { createFirestoreDataProvider } from './firestore-data-provider.js';
import { createLazyAuthProvider } from './lazy-auth-provider.js';
import { gateOnSessionRestore } from './session-gated-data-provider.js';

export { parseEmulatorHost } from './emulator-host.js';

export interface FirebaseBackendOptions {
  /** The web app's Firebase config (Project settings → Your apps). */
  firebase: Required<Pick<FirebaseOptions, 'apiKey' | 'authDomain' | 'projectId' | 'appId'>>;
  /** Base URL of the chat service (POST {chatServiceUrl}/api/chat); "" for the page's own origin. */
  chatServiceUrl: string;
  /** "host:port" of the Auth emulator, e.g. "127.0.0.1:9099". */
  authEmulatorHost?: string;
  /** "host:port" of the Firestore emulator, e.g. "127.0.0.1:8080". */
  firestoreEmulatorHost?: string;
  /**
   * Keeps the "signed in last time" flag that makes sign-in load at start
   * (`storageOrMemory(() => window.localStorage)`).
   */
  sessionHint?: KeyValueStore;
  /**
   * App Check for the chat calls (firebase-app-check.ts); none when absent. Its code loads with the
   * first chat call, never with the page.
   */
  appCheck?: AppCheckSettings;
}

/** The headers of each chat call: App Check's token once its chunk has loaded, when configured. */
function chatHeaders(app: FirebaseApp, settings: AppCheckSettings | undefined) {
  if (!settings) return undefined;
  let headers: Promise<() => Promise<Record<string, string>>> | null = null;
  return async () => {
    headers ??= import('./firebase-app-check.js').then(({ connectAppCheck }) =>
      connectAppCheck(app, settings),
    );
    return (await headers)();
  };
}

export function createFirebaseBackend(options: FirebaseBackendOptions): Backend {
  // A malformed emulator host fails here, as before the SDK loaded later.
  if (options.firestoreEmulatorHost)
    parseEmulatorHost(options.firestoreEmulatorHost, 'firestoreEmulatorHost');
  const app = initializeApp(options.firebase);
  let closed = false;
  const auth = createLazyAuthProvider(async () => {
    const { connectFirebaseAuth } = await import('./firebase-auth-session.js');
    return connectFirebaseAuth(app, options.authEmulatorHost);
  }, options.sessionHint);
  // The page's creates and sends go over REST, signed as the SDK's would be (decision 0021).
  // Firestore's SDK loads with the first call that needs it (decision 0036), not with the page.
  const firestore = {
    projectId: options.firebase.projectId,
    async load() {
      const { connectFirestore } = await import('./firestore-sdk.js');
      if (closed) throw new Error('the backend was closed');
      return connectFirestore(app, options.firestoreEmulatorHost);
    },
  };
  const data = createFirestoreDataProvider(firestore, {
    origin: firestoreRestOrigin(options.firestoreEmulatorHost),
    idToken: () => auth.getIdToken(),
  });
  return {
    // A returning visitor's conversation calls wait until their session is back (else they go anonymous).
    data: gateOnSessionRestore(data, () => auth.sessionRestored()),
    auth,
    chat: (() => {
      const headers = chatHeaders(app, options.appCheck);
      return createHttpChatService({ baseUrl: options.chatServiceUrl, ...(headers ? { headers } : {}) });
    })(),
    close() {
      closed = true;
      // Ends the Firestore listeners and connections and the auth state listeners of this app.
      void deleteApp(app).catch((error: unknown) =>
        console.warn('[firebase] deleting the app failed', error),
      );
    },
  };
}
