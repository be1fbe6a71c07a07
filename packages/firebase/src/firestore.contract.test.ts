/**
 * The DataProvider contract suite against the Firebase backend on the Firestore emulator, through
 * firestore.rules, with the Auth emulator for the signed-in cases. `npm run test:firestore` starts both
 * and sets FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST; elsewhere the suite is skipped.
 *
 * Every test runs: none is skipped. Two contract tests once asked the backend for what no Firestore can
 * give, and now ask for the state they check, which the harness (emulator-harness.ts) reaches for real:
 *
 * - 'gives a conversation created more than 24 hours ago an expiry in the past' once moved the backend's
 *   clock back 25 h (setClock). firestore.rules require createdAt == request.time and expiredAt ==
 *   createdAt + 24 h, both the server's, and no Firestore server's clock moves back: tried on issue 17,
 *   the emulator's JVM under libfaketime keeps commit times increasing (a clock moved back gives each later
 *   write the last commit time + 1 µs) and took 2–50 s a write. Now the test asks for a conversation
 *   created 25 h ago (conversationCreatedAgo): the provider creates it through the rules, then the owner
 *   moves its createdAt, updatedAt and expiredAt back by the same 25 h over REST, as the operator's Admin
 *   SDK could; the provider's read must give expiredAt = createdAt + 24 h, in the past.
 * - 'reports a failing live subscription through observer.error' once injected an 'unavailable' listener
 *   failure. The Firestore SDK never ends a listener because the server is unreachable: it retries and
 *   serves from cache, reported as 'reconnecting' (firestore-stream-state.test.ts). Now the test asks the
 *   harness to break the subscription with a failure the backend really produces (breakLiveSubscription):
 *   the owner gives the conversation to someone else and a message arrives in it, so the rules refuse the
 *   visitor's listener and Firestore ends it with 'permission-denied', which observer.error must receive.
 *
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
