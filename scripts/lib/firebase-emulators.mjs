// Starts Firebase emulators from the pinned firebase-tools (scripts/lib/firebase-tools.mjs) on free ports
// on 127.0.0.1 with a demo- project (no login, nothing leaves the machine for Auth), and stops them. The
// repository's firebase.json is not used: a temporary one carries the ports, so two runs (two worktrees,
// CI jobs) never collide. The CLI runs in its own process group, stopped as a whole, so no emulator it
// started (the Firestore emulator is a Java child) outlives it. Node built-ins only.
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from './ensure.mjs';
import { ensureFirebaseTools } from './firebase-tools.mjs';
import { freePort, waitUntilAnswering } from './local-ports.mjs';
import { spawnGroup } from './process-group.mjs';

export const DEMO_PROJECT_ID = 'demo-business-chat';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 120_000;

/**
 * Starts the named emulators ('auth', 'firestore') and resolves when they answer, with
 * `{ hosts: { authHost?, firestoreHost?, projectId }, stop() }`. `ports` picks fixed ports (default: free
 * ones); `rules` is the Firestore rules file (default: the repository's firestore.rules).
 */
export async function startEmulators(only, { ports = {}, rules = join(ROOT, 'firestore.rules') } = {}) {
  const cli = ensureFirebaseTools();
  const dir = await mkdtemp(join(tmpdir(), 'business-chat-emulators-'));
  const emulators = { ui: { enabled: false }, singleProjectMode: true };
  for (const name of ['hub', 'logging']) emulators[name] = { host: HOST, port: await freePort() };
  for (const name of only) emulators[name] = { host: HOST, port: ports[name] || (await freePort()) };
  const config = { emulators };
  if (only.includes('firestore')) {
    await copyFile(rules, join(dir, 'firestore.rules'));
    config.firestore = { rules: 'firestore.rules' };
  }
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));

  const logPath = join(dir, 'emulators.log');
  const log = createWriteStream(logPath);
  const started = Date.now();
  const group = spawnGroup(
    process.execPath,
    [
      cli,
      'emulators:start',
      '--only',
      only.join(','),
      '--project',
      DEMO_PROJECT_ID,
      '--config',
      'firebase.json',
    ],
    {
      cwd: dir,
      // No update check, no usage reporting prompt: the run must not wait on the network.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  group.child.stdout.pipe(log);
  group.child.stderr.pipe(log);

  const hosts = { projectId: DEMO_PROJECT_ID };
  if (only.includes('auth')) hosts.authHost = `${HOST}:${emulators.auth.port}`;
  if (only.includes('firestore')) hosts.firestoreHost = `${HOST}:${emulators.firestore.port}`;

  const stop = async () => {
    // SIGINT is the CLI's own "shut the emulators down"; the group stop makes sure nothing is left.
    try {
      await group.stop('SIGINT');
    } finally {
      log.end();
      await rm(dir, { recursive: true, force: true });
    }
  };

  try {
    await waitUntilAnswering(
      [hosts.authHost, hosts.firestoreHost].filter(Boolean).map((host) => `http://${host}/`),
      {
        timeoutMs: START_TIMEOUT_MS,
        failed: () =>
          group.exitStatus() === null
            ? null
            : `the emulators exited (${group.exitStatus()}) before answering`,
      },
    );
  } catch (error) {
    const output = await readFile(logPath, 'utf8').catch(() => '(no output)');
    await stop();
    console.error(`✗ Starting the Firebase emulators failed: ${error.message}. Their output:\n\n${output}`);
    throw error;
  }
  console.log(
    `→ Emulators (${only.join(', ')}) up in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      [hosts.authHost && `auth ${hosts.authHost}`, hosts.firestoreHost && `firestore ${hosts.firestoreHost}`]
        .filter(Boolean)
        .join(', ') +
      `, project ${DEMO_PROJECT_ID}`,
  );
  return { hosts, stop };
}

/**
 * Runs `callback({ authHost?, firestoreHost?, projectId })` with the named emulators up. Always stops
 * them; rethrows the callback's failure.
 */
export async function withEmulators(only, callback) {
  const { hosts, stop } = await startEmulators(only);
  try {
    return await callback(hosts);
  } finally {
    await stop();
  }
}

/** The environment the Firebase SDKs and our suites read to find the emulators. */
export function emulatorEnv(hosts) {
  const env = { ...process.env, GCLOUD_PROJECT: hosts.projectId };
  if (hosts.authHost) env.FIREBASE_AUTH_EMULATOR_HOST = hosts.authHost;
  if (hosts.firestoreHost) env.FIRESTORE_EMULATOR_HOST = hosts.firestoreHost;
  return env;
}

/** Runs `npx <args>` in the repository root with `env`; resolves with its exit status. */
export function runNpx(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
