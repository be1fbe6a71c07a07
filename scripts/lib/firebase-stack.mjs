// The whole product on the Firebase emulators, offline: the Firestore emulator (enforcing firestore.rules)
// and the Auth emulator, the demo businesses imported with the operator tool (`npm run businesses`), the
// production chat service (packages/chat-service) against them, and the page built for the Firebase
// backend, served with /api/chat proxied to the chat service as firebase.json rewrites it in production.
// Used by `npm run start:firebase` (fixed ports) and by the browser journeys on the Firebase stack (free
// ports). Every process runs in its own process group; stop() ends them all. Node built-ins only.
//
// As production (issue 29): the page is served with firebase.json's headers, its Content-Security-Policy
// widened only by the emulators' origins (hosting-headers.mjs); the chat service is supervised — when it
// exits it is started again on the same port (supervised-process.mjs), and `restartChatService()` restarts
// it on purpose, while the emulators and their data stay up.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from './ensure.mjs';
import { DEMO_PROJECT_ID } from './firebase-emulators.mjs';
import { startAuthEmulator, startFirestoreEmulator } from './firestore-emulator.mjs';
import { startHostingServer } from './hosting-server.mjs';
import { answers, freePort, waitUntilAnswering } from './local-ports.mjs';
import { emulatorHostingHeaders } from './hosting-headers.mjs';
import { spawnGroup } from './process-group.mjs';
import { supervise } from './supervised-process.mjs';

const HOST = '127.0.0.1';
const CHAT_SERVICE_START_TIMEOUT_MS = 60_000;

/** The demo businesses: the mock server's fixtures and its scenarios' businesses (packages/admin keeps it so). */
export const DEMO_BUSINESSES_FILE = join(ROOT, 'packages', 'admin', 'demo-businesses.json');

/** The business `/` opens, as with `npm start`. */
export const DEFAULT_BUSINESS_ID = 'bella-vista-salon';

/**
 * The page's build settings for a demo- project on the emulators (public identifiers of a project that
 * does not exist; nothing here is contacted but the emulators).
 */
export function demoFirebaseBuildEnv({ projectId = DEMO_PROJECT_ID, authHost, firestoreHost } = {}) {
  return {
    VITE_BACKEND: 'firebase',
    // The page's own origin: the hosting server proxies /api/chat, like firebase.json's rewrite.
    VITE_CHAT_SERVICE_URL: '/',
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
    VITE_DEFAULT_BUSINESS_ID: DEFAULT_BUSINESS_ID,
    VITE_ASSISTANT_NAME: 'Ava',
    VITE_SUPPORT_FORM_URL: 'https://support.example.com/contact',
    ...(authHost ? { VITE_AUTH_EMULATOR_HOST: authHost } : {}),
    ...(firestoreHost ? { VITE_FIRESTORE_EMULATOR_HOST: firestoreHost } : {}),
  };
}

/** The environment the Admin SDK (chat service, businesses tool) reads to find the emulators. */
export function adminEmulatorEnv({ projectId, firestoreHost, authHost }) {
  return {
    GCLOUD_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
  };
}

/** Runs `npm <args>` in the repository root; resolves with its output, rejects naming `what` when it fails. */
function npm(args, env, what) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve(output) : reject(new Error(`${what} failed (exit ${code ?? signal}):\n${output}`)),
    );
  });
}

/** `npm run businesses -- import <file> --project <id>` against the emulators. */
async function importBusinesses(file, hosts, log) {
  const output = await npm(
    ['run', '--silent', 'businesses', '--', 'import', file, '--project', hosts.projectId],
    adminEmulatorEnv(hosts),
    `importing ${file} with the businesses tool`,
  );
  log(`→ Demo businesses imported from ${relative(ROOT, file)}:`);
  for (const line of output.trim().split('\n')) log(`  ${line}`);
}

/** Builds the page for the Firebase backend into `outDir` with Vite. */
async function buildPage(outDir, viteEnv) {
  await npm(
    [
      'run',
      '--silent',
      'build',
      '-w',
      '@chat/web',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    // What ships: vitest's NODE_ENV=test would bundle React's development build.
    { ...viteEnv, NODE_ENV: 'production' },
    'building the page for the Firebase backend',
  );
}

/** The chat service (packages/chat-service/src/main.ts) on `port`, against the emulators. */
async function startChatService(port, hosts, env, log) {
  const url = `http://${HOST}:${port}`;
  const group = spawnGroup(process.execPath, ['--import', 'tsx', 'packages/chat-service/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...adminEmulatorEnv(hosts), PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [group.child.stdout, group.child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(`[chat-service] ${line}`);
    });
  }
  try {
    await waitUntilAnswering([`${url}/`], {
      timeoutMs: CHAT_SERVICE_START_TIMEOUT_MS,
      failed: () =>
        group.exitStatus() === null
          ? null
          : `the chat service exited (${group.exitStatus()}) before answering`,
    });
  } catch (error) {
    await group.stop();
    throw error;
  }
  return { url, exited: group.exited, stop: () => group.stop() };
}

/**
 * Starts the stack and resolves once the page answers, with `{ webUrl, chatServiceUrl, firestoreHost,
 * authHost, projectId, exited, restartChatService(), stop() }`. `exited` resolves with a sentence when
 * the chat service keeps stopping by itself (it is restarted otherwise; the rest stays up).
 * Ports: `{ firestore, auth, web, chatService }`, each 0 (or absent) for a free one; every part listens
 * on 127.0.0.1, and `webName` is the page's host name in `webUrl` (`localhost` for people).
 * `firestoreHostForPage(host)` may put something between the page and the Firestore emulator (the journeys'
 * cuttable relay); it resolves with the host:port the page is built with. `chatServiceEnv` adds to the
 * chat service's environment (packages/chat-service/README.md lists it). Fails, after
 * stopping what it had started, when a part does not start.
 */
export async function startFirebaseStack({
  ports = {},
  projectId = DEMO_PROJECT_ID,
  webName = HOST,
  firestoreHostForPage = async (firestoreHost) => firestoreHost,
  chatServiceEnv = {},
  log = (line) => console.log(line),
} = {}) {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => log(`✗ ${error.message}`));
    stops.length = 0;
  };
  try {
    const started = Date.now();
    const emulators = await Promise.allSettled([
      startFirestoreEmulator({ host: HOST, port: ports.firestore ?? 0 }),
      startAuthEmulator({ host: HOST, port: ports.auth ?? 0 }),
    ]);
    for (const emulator of emulators) if (emulator.status === 'fulfilled') stops.push(emulator.value.stop);
    const failed = emulators.find((emulator) => emulator.status === 'rejected');
    if (failed) throw failed.reason;
    const [firestore, auth] = emulators.map((emulator) => emulator.value);
    const hosts = { projectId, firestoreHost: firestore.hostPort, authHost: auth.hostPort };

    await importBusinesses(DEMO_BUSINESSES_FILE, hosts, log);
    const chatServicePort = ports.chatService || (await freePort(HOST));
    const chatServiceUrl = `http://${HOST}:${chatServicePort}`;
    const chatService = await supervise(() => startChatService(chatServicePort, hosts, chatServiceEnv, log), {
      name: 'the chat service',
      log: (line) => log(`→ ${line}`),
    });
    stops.push(chatService.stop);

    const pageHosts = { ...hosts, firestoreHost: await firestoreHostForPage(hosts.firestoreHost) };
    const hosting = await startHostingServer({
      host: HOST,
      port: ports.web ?? 0,
      chatServiceUrl,
      // The emulators the page built below talks to: the only origins production's policy lacks here.
      headersFor: emulatorHostingHeaders([pageHosts.firestoreHost, pageHosts.authHost]),
    });
    stops.push(hosting.close);
    const outDir = await mkdtemp(join(tmpdir(), 'business-chat-firebase-page-'));
    stops.push(() => rm(outDir, { recursive: true, force: true }));
    await buildPage(outDir, demoFirebaseBuildEnv(pageHosts));
    hosting.serve(outDir);
    const webUrl = `http://${webName}:${hosting.port}`;
    if (!(await answers(`${webUrl}/`))) throw new Error(`the page does not answer at ${webUrl}`);
    log(`→ Firebase stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    return {
      webUrl,
      chatServiceUrl,
      ...hosts,
      exited: chatService.gaveUp,
      restartChatService: () => chatService.restart(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
