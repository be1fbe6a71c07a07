/**
 * The DataProvider contract suite against the Firebase backend on the Firestore emulator, through
 * firestore.rules, with the Auth emulator for the signed-in cases. `npm run test:firestore` starts both
 * and sets FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST; elsewhere the suite is skipped.
 *
 * Two contract tests need what no Firestore can give and are reported skipped with the reason
 * (emulator-harness.ts, FIREBASE_LACKS): the server's clock cannot be moved, and the SDK never ends a
 * listener with 'unavailable' (it retries). firestore-server-behaviour.test.ts covers the Firebase side of
 * both.
 * The AuthProvider suite is auth.contract.test.ts (`npm run test:firebase`).
 */
import { describeDataProviderContract } from '@chat/contract';
import { describe } from 'vitest';
import { emulatorEnvironment, firebaseSubject } from './testing/emulator-harness.js';

const env = emulatorEnvironment();

describe.skipIf(!env.firestoreHost)('Firebase backend on the Firestore emulator', () => {
  describeDataProviderContract('firebase (Firestore emulator, firestore.rules)', async () => {
    const { data, auth, harness } = firebaseSubject(env);
    // firestoreHost is set here, so data exists; auth exists when the Auth emulator runs too.
    return { data: data!, auth, harness };
  });
});
