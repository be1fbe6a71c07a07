// `npm run test:firebase` (a step of `npm test`): the Firebase checks that run on any machine.
// 1. The real Auth emulator (pinned firebase-tools, installed once outside the repo): the AuthProvider
//    contract suite against it, and the phone sign-in browser journey (real RecaptchaVerifier +
//    signInWithPhoneNumber in headless Chromium). Stopped afterwards.
// 2. The built Firebase page: its first load holds no Firebase Auth / reCAPTCHA code and preloads the
//    backend chunk (web/firebase-e2e/first-load.test.ts; no emulator needed, runs in the same vitest run).
// The Firestore half (rules, DataProvider contract) is `npm run test:firestore`, the next step of `npm test`.
import { ensureChromium, ensureNodeModules } from './lib/ensure.mjs';
import { emulatorEnv, runNpx, withEmulators } from './lib/firebase-emulators.mjs';

ensureNodeModules();
ensureChromium();
const started = Date.now();

const status = await withEmulators(['auth'], async (hosts) => {
  const env = emulatorEnv(hosts);
  console.log('\n→ AuthProvider contract suite on the Auth emulator');
  const contract = await runNpx(
    ['vitest', 'run', '--project', 'firebase', 'packages/firebase/src/auth.contract.test.ts'],
    env,
  );
  if (contract !== 0) return contract;
  console.log('\n→ Firebase page: first load and the phone sign-in journey in Chromium');
  return runNpx(
    ['vitest', 'run', '--config', 'web/vitest.firebase.config.ts', ...process.argv.slice(2)],
    env,
  );
}).catch(() => 1);

console.log(
  `\n${status === 0 ? '✓' : '✗'} Firebase checks ${status === 0 ? 'passed' : 'failed'} in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
process.exit(status);
