// `npm test`: every check CI runs, in the order that fails fastest. Installs what is missing first.
import { ensureChromium, ensureNodeModules, run } from './lib/ensure.mjs';
import { runTogether } from './lib/run-together.mjs';

ensureNodeModules();
// The static checks side by side (each is single-threaded; 2 cores): the typecheck is the same projects
// `npm run typecheck` checks, two at a time (scripts/typecheck-quick.mjs), beside lint and then format.
await runTogether([
  ['typecheck (every project, two at a time)', 'node', ['scripts/typecheck-quick.mjs']],
  ['lint, then format', 'sh', ['-c', 'npm run lint && npm run format:check']],
]);
const steps = [
  ['unit and integration tests', ['run', 'test:unit']],
  // Every shipped scenario, rehearsed as a visitor against a private mock server (issue 9).
  ['demo scenarios', ['run', '--silent', 'demo', '--', 'check', '--all']],
  // The language-model assistant's evaluation set against the scripted model server (issue 20): plumbing only.
  ['assistant evaluation (scripted model)', ['run', '--silent', 'eval', '--', '--scripted']],
];
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  run('npm', args);
}
console.log('\n━━ browser journeys ━━');
ensureChromium();
run('npm', ['run', 'test:e2e']);
console.log('\n━━ Firebase: Auth emulator, phone sign-in journey, first load ━━');
run('npm', ['run', 'test:firebase']);
console.log('\n━━ Firebase: Firestore rules and DataProvider contract ━━');
// On the Firestore emulator (the Cloud SDK's component here); skipped with a line outside CI where none can run.
run('npm', ['run', 'test:firestore']);
// The §4 journeys again, on the emulators with the production chat service (skipped with a line outside CI
// where no Firestore emulator can run).
console.log('\n━━ browser journeys on the Firebase stack ━━');
run('npm', ['run', 'test:e2e:firebase']);
// The benchmarks must keep running (every section, small counts); their timings are never judged here.
console.log('\n━━ benchmarks (--quick: runs, not judged) ━━');
run('npm', ['run', 'bench', '--', '--quick']);
// Last, because it is the slowest: the compose stack built and driven for real (scripts/docker/compose-test.mjs).
console.log('\n━━ offline stack (docker-compose) ━━');
run('node', ['scripts/docker/compose-test.mjs']);
console.log('\n✓ All checks passed.');
