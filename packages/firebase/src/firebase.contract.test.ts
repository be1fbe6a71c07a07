/**
 * The contract suites against the Firebase backend, on the Firebase emulators. Gated: each part runs only
 * where its emulator is up, which `firebase emulators:exec` arranges by setting the hosts, e.g.
 *
 *   npx firebase-tools emulators:exec --only firestore,auth --project demo-chat "npx vitest run --project firebase"
 *
 * Elsewhere the suites are reported as skipped. The Firestore emulator cannot be downloaded on the
 * development machines of this project (see docs/decisions/0002-firebase-backend.md); the Auth emulator can
 * (`--only auth` runs the AuthProvider part there).
 *
 * The ChatService contract is not run here: the Firebase backend's chat service is the same HTTP client
 * (@chat/chat-client) that local.contract.test.ts checks against the mock server, and no Firestore-writing
 * chat service exists to answer it.
 */
import { describeAuthProviderContract, describeDataProviderContract } from '@chat/contract';
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

describe.skipIf(!env.authHost)('Firebase backend on the Auth emulator', () => {
  describeAuthProviderContract('firebase (Auth emulator)', async () => {
    const { auth, harness } = firebaseSubject(env);
    return { auth: auth!, harness };
  });
});
