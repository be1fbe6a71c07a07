// `npm run test:firestore` (a step of `npm test`): firestore.rules tests (@firebase/rules-unit-testing),
// the Firestore DataProvider contract suite, the operator tool's tests, and the production chat
// service's (packages/chat-service: its emulator tests and the ChatService contract), on the Firestore emulator
// (scripts/lib/firestore-emulator.mjs: the Cloud SDK's component, else firebase-tools' own) and the Auth
// emulator. Where no Firestore emulator can run it says what is missing in one line and exits 0 — except
// in CI (CI=true), where that fails the run. Every emulator process it starts is stopped.
import { ensureNodeModules } from './lib/ensure.mjs';
import { emulatorEnv, runNpx } from './lib/firebase-emulators.mjs';
import {
  firestoreEmulatorAvailability,
  startAuthEmulator,
  startFirestoreEmulator,
} from './lib/firestore-emulator.mjs';

// The test files this step runs; they skip themselves without FIRESTORE_EMULATOR_HOST elsewhere.
const FIRESTORE_TESTS = [
  '--project',
  'firebase',
  'packages/firebase/src/rules/',
  'packages/firebase/src/firestore.contract.test.ts',
  'packages/firebase/src/firestore-server-behaviour.test.ts',
  'packages/firebase/src/firestore-over-rest.test.ts',
  '--project',
  'admin',
  'packages/admin/src/businesses-cli.test.ts',
  'packages/admin/src/forget-personal-data.test.ts',
];

ensureNodeModules();
const started = Date.now();
const available = firestoreEmulatorAvailability();
if (available.kind === 'missing') {
  const inCi = process.env.CI === 'true';
  console.log(`${inCi ? '✗' : 'skipped:'} Firestore rules and DataProvider contract — ${available.reason}.`);
  process.exit(inCi ? 1 : 0);
}

const [firestore, auth] = await Promise.allSettled([startFirestoreEmulator(), startAuthEmulator()]);
let status = 1;
try {
  if (firestore.status === 'rejected') throw firestore.reason;
  if (auth.status === 'rejected') throw auth.reason;
  const env = emulatorEnv({
    projectId: 'demo-business-chat',
    firestoreHost: firestore.value.hostPort,
    authHost: auth.value.hostPort,
  });
  status = await runNpx(['vitest', 'run', ...FIRESTORE_TESTS, ...process.argv.slice(2)], env);
  // The chat service's files one after the other, after the rest: the contract's reset empties the
  // whole database, which would pull documents from under a test running beside it.
  if (status === 0)
    status = await runNpx(['vitest', 'run', '--project', 'chat-service', '--no-file-parallelism'], env);
  // The emulator helpers themselves (they start their own emulators).
  if (status === 0)
    status = await runNpx(['vitest', 'run', '--config', 'scripts/lib/test/vitest.config.mjs'], env);
} catch (error) {
  console.error(`✗ ${error.message}`);
} finally {
  for (const emulator of [firestore, auth]) if (emulator.status === 'fulfilled') await emulator.value.stop();
}
console.log(
  `\n${status === 0 ? '✓' : '✗'} Firestore checks ${status === 0 ? 'passed' : 'failed'} in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s (${available.kind} emulator).`,
);
process.exit(status);
