// `npm run test:firestore`: firestore.rules tests (@firebase/rules-unit-testing) and the Firestore
// DataProvider contract suite, on the Firestore + Auth emulators. Needs what `npm test` must not assume:
// Java 21+ and the Firestore emulator jar, which firebase-tools downloads from Google on first use.
// `npm test` therefore only reports these as skipped (scripts/lib/firestore-availability.mjs says why).
import { ensureNodeModules } from './lib/ensure.mjs';
import { emulatorEnv, runNpx, withEmulators } from './lib/firebase-emulators.mjs';
import { javaMajorVersion } from './lib/firestore-availability.mjs';

ensureNodeModules();
const java = javaMajorVersion();
if (java === null || java < 21) {
  console.error(
    `✗ The Firestore emulator needs Java 21 or newer (found ${java === null ? 'no java' : `Java ${java}`}). ` +
      'Install a JDK 21 and run `npm run test:firestore` again.',
  );
  process.exit(1);
}

const status = await withEmulators(['firestore', 'auth'], (hosts) =>
  runNpx(
    [
      'vitest',
      'run',
      '--project',
      'firebase',
      'packages/firebase/src/rules/',
      'packages/firebase/src/firebase.contract.test.ts',
      ...process.argv.slice(2),
    ],
    emulatorEnv(hosts),
  ),
).catch(() => 1);
process.exit(status);
