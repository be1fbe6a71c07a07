/**
 * The production chat service's cold start, as Cloud Run pays it on a new instance (issue 29: under
 * 1 s to /healthz): the compiled service (packages/chat-service/build.mjs, what the image runs) started
 * as a new process, timed from spawn to its first 200 on /healthz, with the CPU it used until then. The
 * floor is a Node process answering /healthz with node:http alone — the least any Node service pays.
 * Runs here on this machine's Node; the image's Node 24 is timed by the compose test (docker run →
 * /healthz), which includes the container's own start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/local-ports.mjs';
import { readCpuSeconds } from './server-process.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../packages/chat-service/', import.meta.url));
const GIVE_UP_MS = 30_000;

const FLOOR_SERVICE = `require('node:http').createServer((req, res) => res.end('{"ok":true}')).listen(Number(process.env.PORT), '127.0.0.1');`;

export interface ColdStart {
  /** Spawn → first 200 on /healthz, ms. */
  readyMs: number;
  /** CPU (user + system) the process used by then, ms. */
  cpuMs: number;
}

async function startOnce(args: string[], env: Record<string, string>): Promise<ColdStart> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}): ${errors}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no /healthz in ${GIVE_UP_MS} ms`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return { readyMs: performance.now() - started, cpuMs: readCpuSeconds(child.pid!) * 1000 };
      // The port is not open yet: ask again at once (a refused connection costs well under a millisecond).
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    child.kill('SIGKILL');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `starts` cold starts of the compiled chat service and of the floor, taking turns; medians. */
export async function measureColdStarts(starts: number): Promise<{ product: ColdStart; floor: ColdStart }> {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: PACKAGE_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`packages/chat-service build.mjs failed: ${built.stderr}`);
  // The project the Admin SDK is told; nothing is read from it before /healthz answers.
  const env = { GCLOUD_PROJECT: 'demo-bench', NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const product: ColdStart[] = [];
  const floor: ColdStart[] = [];
  for (let i = 0; i < starts; i++) {
    product.push(await startOnce(['--enable-source-maps', 'dist/main.mjs'], env));
    floor.push(await startOnce(['-e', FLOOR_SERVICE], env));
  }
  const medianOf = (runs: ColdStart[]): ColdStart => ({
    readyMs: median(runs.map((r) => r.readyMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
  });
  return { product: medianOf(product), floor: medianOf(floor) };
}
