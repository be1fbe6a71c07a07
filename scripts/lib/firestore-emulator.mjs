// The Firestore emulator for tests and `start:firebase`, from what this machine has:
//   1. the Google Cloud SDK's component (Debian package google-cloud-cli-firestore-emulator): its jar run
//      with Java directly — the same class and arguments as the component's launcher script
//      (platform/cloud-firestore-emulator/cloud_firestore_emulator) — in its own process group, so
//      stopping it leaves no Java process behind (killing `gcloud` or the launcher does). Any Java it
//      starts on (17 here) will do; nothing is downloaded.
//   2. else firebase-tools' own emulator (`firebase emulators:start --only firestore`), which needs
//      Java 21+ and downloads its jar from Google on first use.
//   3. else nothing, and firestoreEmulatorAvailability() says in one line what is missing.
// Also startAuthEmulator(): the Auth emulator (firebase-tools, no Java), reused when one already answers.
// Node built-ins only.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './ensure.mjs';
import { startEmulators } from './firebase-emulators.mjs';
import { answers, freePort, waitUntilAnswering } from './local-ports.mjs';
import { groupAlive, spawnGroup } from './process-group.mjs';

const START_TIMEOUT_MS = 90_000;
const COMPONENT_DIR = join('platform', 'cloud-firestore-emulator');
const JAR = 'cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
export const REPOSITORY_RULES = join(ROOT, 'firestore.rules');

/** The major version of `java` on PATH (17, 21, …), or null when there is none. */
export function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  // Java 8 and older call themselves "1.8".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/** The Cloud SDK's root (`gcloud info`), or null without gcloud. */
function cloudSdkRoot() {
  const result = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim() || null;
}

let availability;

/**
 * Which Firestore emulator this machine can run, decided once per process:
 * `{ kind: 'gcloud', jar, java }`, `{ kind: 'firebase-tools', java }` or `{ kind: 'missing', reason }`.
 */
export function firestoreEmulatorAvailability() {
  if (availability) return availability;
  const java = javaMajorVersion();
  const sdkRoot = cloudSdkRoot();
  const jar = sdkRoot && join(sdkRoot, COMPONENT_DIR, JAR);
  if (java !== null && jar && existsSync(jar)) availability = { kind: 'gcloud', jar, java };
  else if (java !== null && java >= 21) availability = { kind: 'firebase-tools', java };
  else {
    const gcloudState = !sdkRoot
      ? 'no Google Cloud SDK (gcloud)'
      : `the Cloud SDK at ${sdkRoot} has no Firestore emulator component (Debian package google-cloud-cli-firestore-emulator, or \`gcloud components install cloud-firestore-emulator\`)`;
    const javaState = java === null ? 'no Java' : `Java ${java}`;
    availability = {
      kind: 'missing',
      reason:
        `the Firestore emulator needs Java and either the Cloud SDK's Firestore emulator component or, for ` +
        `firebase-tools' own emulator, Java 21+; found ${gcloudState} and ${javaState}`,
    };
  }
  return availability;
}

/**
 * Starts a Firestore emulator on `host`:`port` (port 0: a free one) enforcing `rules` (a file; default the
 * repository's firestore.rules), and resolves once `GET /` answers Ok, with
 * `{ host, port, hostPort, kind, pgid, stop() }` (pgid: the Java process group, for the Cloud SDK
 * component). stop() ends every process it started and checks that none is left. Rejects with the reason when no emulator is available or it does not start.
 */
export async function startFirestoreEmulator({
  host = '127.0.0.1',
  port = 0,
  rules = REPOSITORY_RULES,
} = {}) {
  const found = firestoreEmulatorAvailability();
  if (found.kind === 'missing') throw new Error(found.reason);
  const chosenPort = port || (await freePort(host));
  const hostPort = `${host}:${chosenPort}`;
  if (found.kind === 'firebase-tools') {
    const { stop } = await startEmulators(['firestore'], { ports: { firestore: chosenPort }, rules });
    return { host, port: chosenPort, hostPort, kind: found.kind, pgid: undefined, stop };
  }

  const dir = await mkdtemp(join(tmpdir(), 'business-chat-firestore-'));
  const logPath = join(dir, 'firestore-emulator.log');
  const log = createWriteStream(logPath);
  const started = Date.now();
  const group = spawnGroup(
    'java',
    [
      // As the launcher: the emulator only supports English error messages.
      '-Duser.language=en',
      '-cp',
      found.jar,
      MAIN_CLASS,
      'start',
      `--host=${host}`,
      `--port=${chosenPort}`,
      `--rules=${rules}`,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  group.child.stdout.pipe(log);
  group.child.stderr.pipe(log);

  const stop = async () => {
    try {
      await group.stop();
      if (groupAlive(group.pgid))
        throw new Error(`the Firestore emulator (pid ${group.pgid}) is still running`);
    } finally {
      log.end();
      await rm(dir, { recursive: true, force: true });
    }
  };

  try {
    await waitUntilAnswering([`http://${hostPort}/`], {
      timeoutMs: START_TIMEOUT_MS,
      check: (body) => body.trim() === 'Ok',
      failed: () =>
        group.exitStatus() === null
          ? null
          : `the Firestore emulator exited (${group.exitStatus()}) before answering`,
    });
  } catch (error) {
    const output = await readFile(logPath, 'utf8').catch(() => '(no output)');
    await stop();
    throw new Error(`${error.message}. Its output:\n${output}`);
  }
  console.log(
    `→ Firestore emulator (Cloud SDK component, Java ${found.java}) up on ${hostPort} in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { host, port: chosenPort, hostPort, kind: found.kind, pgid: group.pgid, stop };
}

/** Tries with a free port of our choosing before giving up (see startAuthEmulator). */
const AUTH_START_ATTEMPTS = 3;

/**
 * The Auth emulator on `host`:`port` (port 0: a free one): one already answering there is used as it is
 * (and left running); otherwise firebase-tools starts one. Resolves with `{ host, port, hostPort, stop() }`.
 * A free port can be taken between being found and being bound (the Firestore emulator starting beside
 * it opens ports of its own): a start on a port we chose is tried again on another, up to three times.
 */
export async function startAuthEmulator({ host = '127.0.0.1', port = 0 } = {}) {
  if (port && (await answers(`http://${host}:${port}/`))) {
    return { host, port, hostPort: `${host}:${port}`, stop: async () => {} };
  }
  for (let attempt = 1; ; attempt += 1) {
    const chosenPort = port || (await freePort(host));
    try {
      const { stop } = await startEmulators(['auth'], { ports: { auth: chosenPort } });
      return { host, port: chosenPort, hostPort: `${host}:${chosenPort}`, stop };
    } catch (error) {
      if (port || attempt >= AUTH_START_ATTEMPTS) throw error;
      console.log(`→ The Auth emulator did not start on port ${chosenPort}; trying another free port.`);
    }
  }
}
