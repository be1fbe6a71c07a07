// What the Firebase journeys' global setup hands to the test files, besides the e2e keys (webUrl,
// serverUrl, browserWsEndpoint; see ../../e2e/support/provided.ts).
import '../../e2e/support/provided.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Auth emulator (`npm run test:firebase` or the Firebase stack started it). */
    authEmulatorHost: string;
    /** host:port of the Firestore emulator (the journeys on the Firebase stack). */
    firestoreEmulatorHost: string;
    /** Where those journeys cut and restore the page's connection to it (e2e/support/cuttable-proxy.ts). */
    firestoreCutUrl: string;
    /** Its demo- project id. */
    firebaseProjectId: string;
    /** The built file that holds Firebase Auth, e.g. "assets/firebase-auth-session-XXXX.js". */
    authChunk: string;
  }
}

export {};
