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
  if (!canInstallDebianPackages()) {
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

/** Whether this process may install Debian packages (root with apt-get). */
function canInstallDebianPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function dockerAnswers() {
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 }).status === 0;
}

/**
 * A Docker engine for the compose test, with `docker-compose` (Debian's 1.29: there is no compose v2
 * plugin in Debian) and debootstrap (the stand-in base image, scripts/docker/make-local-node-image.sh).
 * Installs Debian's docker.io, docker-compose and debootstrap when missing, and starts dockerd when no
 * engine answers. Resolves with `{ stop }` — which stops the engine only if this call started it, by its
 * PID — or with null (and a line saying why) when this machine cannot have one (not root, no apt-get).
 */
export async function ensureDocker() {
  const missing = [
    ['dockerd', 'docker.io'],
    ['docker', 'docker.io'],
    ['docker-compose', 'docker-compose'],
    ['debootstrap', 'debootstrap'],
  ]
    .filter(([command]) => !commandExists(command))
    .map(([, pkg]) => pkg);
  const packages = [...new Set(missing)];
  if (packages.length > 0) {
    if (!canInstallDebianPackages()) {
      console.log(`→ No Docker here (missing ${packages.join(', ')}) and no root apt-get to install it.`);
      return null;
    }
    console.log(`→ Installing Debian's ${packages.join(', ')} for the compose test (apt-get install)…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (dockerAnswers()) return { stop: async () => {} };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.log('→ No Docker engine answers, and starting one needs root.');
    return null;
  }
  const { spawn } = await import('node:child_process');
  const { openSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const logFile = join(mkdtempSync(join(tmpdir(), 'dockerd-')), 'dockerd.log');
  const out = openSync(logFile, 'a');
  console.log(`→ Starting the Docker engine (dockerd; log: ${logFile})…`);
  const dockerd = spawn('dockerd', [], { stdio: ['ignore', out, out], detached: true });
  const exited = new Promise((resolve) => dockerd.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!dockerAnswers()) {
    if (dockerd.exitCode !== null || Date.now() > deadline) {
      if (dockerd.exitCode === null) dockerd.kill('SIGTERM');
      console.log(`✗ The Docker engine did not come up; see ${logFile}`);
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      if (dockerd.exitCode !== null) return;
      // dockerd stops its containers and cleans up on SIGTERM; give it a bounded time.
      process.kill(dockerd.pid, 'SIGTERM');
      const timer = setTimeout(
        () => dockerd.exitCode === null && process.kill(dockerd.pid, 'SIGKILL'),
        30_000,
      );
      await exited;
      clearTimeout(timer);
    },
  };
}
