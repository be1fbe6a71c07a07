// Set-up steps shared by `npm start` and `npm test`: each installs what is missing, says so in one
// line, and does nothing when it is already there. Node built-ins only: this runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Runs a command in the repo root with inherited output; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

/** Installs the node modules from the lockfile when they are missing or older than the lockfile. */
export function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('→ Installing node modules from the lockfile (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Installs Debian's Chromium for the browser tests when it is absent and this machine allows it. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `✗ The browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's "chromium" package ` +
        '(apt-get install chromium) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log("→ Installing Debian's Chromium for the browser tests (apt-get install chromium)…");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
