// Starts Firebase emulators from the pinned firebase-tools (scripts/lib/firebase-tools.mjs) on free ports
// on 127.0.0.1 with a demo- project (no login, nothing leaves the machine for Auth), runs a callback, and
// stops them. The repository's firebase.json is not used: a temporary one carries the ports, so two runs
// (two worktrees, CI jobs) never collide. Node built-ins only.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './ensure.mjs';
import { ensureFirebaseTools } from './firebase-tools.mjs';

export const DEMO_PROJECT_ID = 'demo-business-chat';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** A port that was free a moment ago (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

/**
 * Runs `callback({ authHost?, firestoreHost?, projectId })` with the named emulators up ('auth', and
 * 'firestore' where Java 21 and its jar exist). Always stops them; rethrows the callback's failure.
 */
export async function withEmulators(only, callback) {
  const cli = ensureFirebaseTools();
  const dir = await mkdtemp(join(tmpdir(), 'business-chat-emulators-'));
  const ports = { hub: await freePort(), logging: await freePort() };
  const emulators = { ui: { enabled: false }, singleProjectMode: true };
  for (const name of ['hub', 'logging']) emulators[name] = { host: HOST, port: ports[name] };
  for (const name of only) emulators[name] = { host: HOST, port: await freePort() };
  const config = { emulators };
  if (only.includes('firestore')) {
    // The rules under test are the repository's own.
    await copyFile(join(ROOT, 'firestore.rules'), join(dir, 'firestore.rules'));
    config.firestore = { rules: 'firestore.rules' };
  }
  await writeFile(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));

  const logPath = join(dir, 'emulators.log');
  const log = createWriteStream(logPath);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      cli,
      'emulators:start',
      '--only',
      only.join(','),
      '--project',
      DEMO_PROJECT_ID,
      '--config',
      join(dir, 'firebase.json'),
    ],
    {
      cwd: dir,
      // No update check, no usage reporting prompt: the run must not wait on the network.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? signal;
      resolve();
    });
  });

  const hosts = { projectId: DEMO_PROJECT_ID };
  if (only.includes('auth')) hosts.authHost = `${HOST}:${emulators.auth.port}`;
  if (only.includes('firestore')) hosts.firestoreHost = `${HOST}:${emulators.firestore.port}`;

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }
    log.end();
  };

  try {
    const urls = [hosts.authHost, hosts.firestoreHost].filter(Boolean).map((host) => `http://${host}/`);
    for (;;) {
      if (exited !== null) throw new Error(`the emulators exited (${exited}) before answering`);
      if (Date.now() - started > START_TIMEOUT_MS) {
        throw new Error(`the emulators did not answer within ${START_TIMEOUT_MS / 1000} s`);
      }
      if ((await Promise.all(urls.map(answers))).every(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `→ Emulators (${only.join(', ')}) up in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        [
          hosts.authHost && `auth ${hosts.authHost}`,
          hosts.firestoreHost && `firestore ${hosts.firestoreHost}`,
        ]
          .filter(Boolean)
          .join(', ') +
        `, project ${DEMO_PROJECT_ID}`,
    );
  } catch (error) {
    await stop();
    console.error(`✗ Starting the Firebase emulators failed: ${error.message}. Their output:\n`);
    console.error(await readFile(logPath, 'utf8').catch(() => '(no output)'));
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  try {
    return await callback(hosts);
  } finally {
    await stop();
    await rm(dir, { recursive: true, force: true });
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
