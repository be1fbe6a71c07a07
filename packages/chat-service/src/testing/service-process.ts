/**
 * The compiled chat service (build.mjs's dist/main.mjs, what the image runs) as its own process on the
 * Firestore and Auth emulators, for the tests that need real processes: one killed mid-reply, two
 * sharing one set of counters. The project's globalSetup (build-service.global-setup.ts) builds
 * dist/main.mjs once per run; `startServiceProcess(env)` starts one, `stopAll()` kills what is still
 * running (after each test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { freePort } from '../../../../scripts/lib/local-ports.mjs';
import { env } from './emulator-service.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** A new process answering /healthz, with `settings` over the emulators' environment. */
export async function startServiceProcess(settings: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      GCLOUD_PROJECT: env.projectId,
      LOG_LEVEL: 'info',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  running.add(child);
  void exited.then(() => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the chat service exited: ${output}`);
      const response = await fetch(`${url}/healthz`);
      expect(response.ok).toBe(true);
    },
    { timeout: 60_000, interval: 100 },
  );
  return { url, child, output: () => output, exited };
}

export function stopAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
