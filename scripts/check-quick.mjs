// `npm run check:quick`: what a developer runs before committing, in about three minutes on 2 cores (README,
// "Testing"). The typecheck of everything, the unit and integration tests except the ones that start
// server or CLI processes (named `*.process.test.ts`: about two thirds of the suite's time, for crash,
// signal and start-up behaviour a change rarely touches), and one browser journey per stack: a message
// sent and its reply streamed in, on the mock server and on the Firebase stack (that one skipped with a
// line where no Firestore emulator can run, as in `npm test`). `npm test` stays the full check: it runs
// every one of those process tests and every journey. Extra arguments go to the unit-test step, e.g.
// `npm run check:quick -- --changed` for only the tests that import what changed since the last commit.
// Node built-ins only, like the other run scripts.
import { spawnSync } from 'node:child_process';
import { ensureNodeModules, ROOT } from './lib/ensure.mjs';

ensureNodeModules();

/** The one journey per stack: it goes through the whole send path (save, chat call, streamed reply). */
const JOURNEY = 'web/e2e/streamed-reply.e2e.ts';

const steps = [
  ['typecheck (every project, two at a time, incremental)', 'node', ['scripts/typecheck-quick.mjs']],
  [
    'unit and integration tests (not *.process.test.ts)',
    'npx',
    [
      'vitest',
      'run',
      '--exclude',
      '**/*.process.test.ts',
      '--exclude',
      '**/node_modules/**',
      ...process.argv.slice(2),
    ],
  ],
  ['one journey on the local stack', 'node', ['scripts/e2e.mjs', JOURNEY]],
  ['one journey on the Firebase stack', 'node', ['scripts/e2e-firebase.mjs', JOURNEY]],
];

const started = Date.now();
const timings = [];
for (const [name, command, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (${result.error?.message ?? `exit ${result.status}`}).`);
    process.exit(result.status || 1);
  }
}
console.log(`\n${timings.join('\n')}`);
console.log(
  `✓ Quick check passed in ${Math.round((Date.now() - started) / 1000)} s (npm test is the full check).`,
);
