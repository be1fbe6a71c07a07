// `npm run test:e2e:firebase` (a step of `npm test`): the browser journeys that cover §4's flows —
// the same files as `npm run test:e2e` — against the Firebase stack: the Firestore and Auth emulators, the
// demo businesses imported with the businesses tool, the production chat service and the page built for the
// Firebase backend, started once for the run (web/vitest.e2e-firebase.config.ts). Where no Firestore
// emulator can run it says what is missing in one line and exits 0 — except in CI (CI=true), where that
// fails the run. Extra arguments go to vitest. Node built-ins only, like the other run scripts.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNodeModules, ROOT } from './lib/ensure.mjs';
import { ensureFirebaseTools } from './lib/firebase-tools.mjs';
import { firestoreEmulatorAvailability } from './lib/firestore-emulator.mjs';

ensureNodeModules();
ensureChromium();
const available = firestoreEmulatorAvailability();
if (available.kind === 'missing') {
  const inCi = process.env.CI === 'true';
  console.log(`${inCi ? '✗' : 'skipped:'} browser journeys on the Firebase stack — ${available.reason}.`);
  process.exit(inCi ? 1 : 0);
}
// Before vitest starts: its global setup must not spend its time on a first install.
ensureFirebaseTools();

const started = Date.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'web/vitest.e2e-firebase.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
if (result.error) {
  console.error(`✗ Could not start vitest: ${result.error.message}`);
  process.exit(1);
}
console.log(
  `\n${result.status === 0 ? '✓' : '✗'} Journeys on the Firebase stack ${result.status === 0 ? 'passed' : 'failed'} in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
process.exit(result.status ?? 1);
