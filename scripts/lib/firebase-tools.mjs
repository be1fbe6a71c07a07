// firebase-tools, pinned, installed once into a cache OUTSIDE the repository: the emulators are a test
// tool, not a product dependency (~625 packages, ~310 MB), and `npx firebase-tools` would fetch it anew on
// every clone. Node built-ins only, like the other run scripts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The firebase-tools version every emulator run uses. Bump it here (and in the README) on purpose. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';

/** Where it is installed: $BUSINESS_CHAT_CACHE, else $XDG_CACHE_HOME, else ~/.cache, then business-chat/. */
export function firebaseToolsDir() {
  const cacheRoot =
    process.env.BUSINESS_CHAT_CACHE ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'business-chat');
  return join(cacheRoot, `firebase-tools-${FIREBASE_TOOLS_VERSION}`);
}

/** The `firebase` CLI entry (a JS file, run with this Node). */
export function firebaseCliPath() {
  return join(firebaseToolsDir(), 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
}

/**
 * Installs the pinned firebase-tools from the npm registry when it is not in the cache yet; says so in
 * one line. Returns the CLI path. Exits the process with a clear message when the install fails.
 */
export function ensureFirebaseTools() {
  const cli = firebaseCliPath();
  if (existsSync(cli)) return cli;
  const dir = firebaseToolsDir();
  const started = Date.now();
  console.log(
    `→ Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir} (once; takes a few minutes)…`,
  );
  // --prefix keeps it out of the workspace and its lockfile; the install scripts it would skip
  // (re2, protobufjs) are not needed by the Auth emulator.
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--loglevel=error',
      `firebase-tools@${FIREBASE_TOOLS_VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(cli)) {
    console.error(
      `✗ Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir} failed ` +
        `(exit ${result.status ?? result.signal}). It comes from the npm registry.`,
    );
    process.exit(result.status || 1);
  }
  console.log(`  firebase-tools installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return cli;
}
