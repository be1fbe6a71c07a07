// `npm start`: the mock server (port 4000) and the web app's dev server (port 5173) together, with each
// one's output prefixed by [server] or [web]. Ctrl-C (or SIGTERM) stops both and exits 0.
// Node built-ins only: it runs right after ensureNodeModules() and has no reason to need more.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureNodeModules, ROOT } from './lib/ensure.mjs';
import { refuseTakenPorts } from './lib/taken-ports.mjs';

const SERVER_PORT = Number(process.env.PORT || 4000);
const WEB_PORT = 5173; // fixed by web/vite.config.ts (strictPort)
const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;
const WEB_URL = `http://localhost:${WEB_PORT}/`;
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 8_000;
const PINO_LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

ensureNodeModules();

await refuseTakenPorts(
  [
    { port: SERVER_PORT, what: 'the mock server', variable: 'PORT' },
    { port: WEB_PORT, what: 'the web dev server' },
  ],
  'npm start',
);

const children = [
  // The server's default CORS allowlist is the dev server's origins (localhost and 127.0.0.1:5173).
  // npm runs it in mock-server/: a relative SCENARIOS_DIR is meant from here, where it was typed.
  startChild('server', '36', ['start', '--silent', '-w', '@chat/mock-server'], {
    PORT: String(SERVER_PORT),
    // What the web app below shows as the assistant's name, so `demo start` can tell a running demo's (GET /control/web-app).
    WEB_ASSISTANT_NAME: process.env.VITE_ASSISTANT_NAME ?? '',
    ...(process.env.SCENARIOS_DIR ? { SCENARIOS_DIR: resolve(process.env.SCENARIOS_DIR) } : {}),
  }),
  // WEB_HOST=0.0.0.0 (set by `npm run demo -- start --lan`) opens the dev server to the local network.
  startChild(
    'web',
    '35',
    [
      'run',
      '--silent',
      '-w',
      '@chat/web',
      'dev',
      ...(process.env.WEB_HOST ? ['--', '--host', process.env.WEB_HOST] : []),
    ],
    {
      VITE_LOCAL_SERVER_URL: process.env.VITE_LOCAL_SERVER_URL || SERVER_URL,
    },
  ),
];

let stopping = false;
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
// The children run in their own process groups (so Ctrl-C reaches them only through us); should this
// script die any other way, take them along rather than leave them holding the ports.
process.on('exit', () => {
  for (const child of children) signalGroup(child, 'SIGTERM');
});

try {
  await Promise.all([
    waitUntilAnswering(`${SERVER_URL}/healthz`, 'the mock server'),
    waitUntilAnswering(`http://127.0.0.1:${WEB_PORT}/`, 'the web dev server'),
  ]);
} catch (error) {
  if (!stopping) {
    console.error(`✗ ${error.message}`);
    await stopAll(1);
  }
}
if (!stopping) {
  console.log(
    [
      '',
      paint('1', `  ✓ Ready. Open ${WEB_URL}`),
      `    Demo business: Bella Vista Salon (${WEB_URL}chat/@bellavista), also sunrise-bakery (pending) and`,
      '    quickfix-garage (denied). To try phone verification, ask to change a booking and use the test number',
      '    +1 555-555-0100 with the code 123456.',
      `    Mock server: ${SERVER_URL} (health: ${SERVER_URL}/healthz, control API under /control). Press Ctrl-C to stop both.`,
      ...(process.env.SCENARIOS_DIR ? [`    Scenarios: ${resolve(process.env.SCENARIOS_DIR)}`] : []),
      '',
    ].join('\n'),
  );
}

/** Starts `npm <args>` in its own process group, so that stopping it stops everything it started. */
function startChild(name, colorCode, npmArgs, env) {
  const child = spawn('npm', npmArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: color ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = paint(colorCode, `[${name}]`);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${readable(line)}\n`));
  }
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  child.on('error', (error) => console.error(`${prefix} could not start: ${error.message}`));
  child.exited.then((status) => {
    if (stopping) return;
    console.error(`✗ ${name} stopped unexpectedly (${status}); stopping the other one too.`);
    stopAll(1);
  });
  return child;
}

/**
 * The mock server logs JSON lines (pino), which are made for machines; here a person reads them, so
 * show time, level and message, then the other fields. Anything that is not such a line is kept as is.
 */
function readable(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.msg !== 'string') return line;
  const { level, time, msg, service: _service, pid: _pid, hostname: _hostname, ...fields } = entry;
  const clock = typeof time === 'number' ? new Date(time).toTimeString().slice(0, 8) : '';
  const levelName = PINO_LEVELS[level] ?? String(level ?? '');
  const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  const text = `${clock} ${levelName.padEnd(5)} ${msg}${rest}`;
  return level >= 50 ? paint('31', text) : level >= 40 ? paint('33', text) : text;
}

/** Sends SIGTERM to each child's process group, SIGKILL to whatever is still there after a while. */
async function stopAll(exitCode) {
  if (stopping) {
    // A second Ctrl-C: do not wait any longer.
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  }
  stopping = true;
  console.log('\n→ Stopping the mock server and the web dev server…');
  for (const child of children) signalGroup(child, 'SIGTERM');
  const forceKill = setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, STOP_TIMEOUT_MS);
  await Promise.all(children.map((child) => child.exited));
  clearTimeout(forceKill);
  console.log('✓ Stopped.');
  process.exit(exitCode);
}

/** Signals the child's whole group: npm may be gone already while what it started still runs. */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

async function waitUntilAnswering(url, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${what} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
