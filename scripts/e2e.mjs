// `npm run test:e2e`: the browser journeys (web/e2e) in headless Chromium against the real mock server.
// Extra arguments go to vitest, e.g. `npm run test:e2e -- web/e2e/phone-verification.e2e.ts -t "wrong code"`.
// Node built-ins only, like the other run scripts.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNodeModules, ROOT } from './lib/ensure.mjs';

ensureNodeModules();
// `npm test` has already done this; repeated here so the journeys also run on their own.
ensureChromium();

const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'web/vitest.e2e.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
if (result.error) {
  console.error(`✗ Could not start vitest: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
