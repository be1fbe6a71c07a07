/**
 * The AuthProvider contract suite against the Firebase backend on the Auth emulator (`npm run
 * test:firebase` starts it and sets FIREBASE_AUTH_EMULATOR_HOST; elsewhere the suite is skipped). The
 * emulator has no clock to move and no faults to inject (its codes never expire, it never throttles or
 * fails a captcha), so the tests that need those are skipped with the reason; the Firebase error-code
 * mapping they would exercise is unit-tested in auth-error-code.test.ts.
 */
import { describeAuthProviderContract } from '@chat/contract';
import { describe } from 'vitest';
import { emulatorEnvironment, firebaseSubject } from './testing/emulator-harness.js';

const env = emulatorEnvironment();

describe.skipIf(!env.authHost)('Firebase backend on the Auth emulator', () => {
  describeAuthProviderContract('firebase (Auth emulator)', async () => {
    const { auth, harness } = firebaseSubject({ ...env, firestoreHost: undefined });
    return { auth: auth!, harness };
  });
});
