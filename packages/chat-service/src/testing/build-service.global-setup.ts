/**
 * The chat-service project's vitest globalSetup: `node build.mjs` once per run, before any test file,
 * for the tests that start the compiled service as a process (testing/service-process.ts). Only when the
 * emulators those tests need are there (`npm run test:firestore`); without them they skip, and nothing
 * is built. One build for every file, instead of one per file — build.mjs empties dist/ first, so two
 * files building side by side could also pull it from under each other.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export default function buildServiceOnce(): void {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: PACKAGE_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`packages/chat-service: node build.mjs failed: ${built.stderr}`);
}
