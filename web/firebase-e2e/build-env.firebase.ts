// `npm run build` of a Firebase page refuses to finish without its production settings, naming the
// variable — before anything reaches hosting — and a complete configuration passes the same check. The dev
// server checks the same way when it starts (web/build/configured-app-plugin.ts: the page has no checks).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIREBASE_BUILD_ENV } from './support/firebase-build-env.js';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
// Vite's JS API in a child process (as e2e/support/build-web-app.ts), with an empty envDir so that no
// web/.env.local on a developer's machine fills a gap.
const BUILD_SCRIPT = `
import { build } from 'vite';
const { outDir } = process.env;
await build({ root: process.cwd(), configLoader: 'runner', envDir: outDir, logLevel: 'error',
  build: { outDir: outDir + '/dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: false } });
`;
// The dev server as `vite` starts it, up to listening (its config and plugins resolved), then closed.
const DEV_SERVER_SCRIPT = `
import { createServer } from 'vite';
const server = await createServer({ root: process.cwd(), configLoader: 'runner', envDir: process.env.outDir,
  logLevel: 'error' });
await server.close();
`;

const outDirs: string[] = [];
afterAll(async () => {
  for (const dir of outDirs) await rm(dir, { recursive: true, force: true });
});

/** Builds the web app (or starts its dev server) with its vite.config.ts and exactly these VITE_* values. */
async function runVite(
  vars: Record<string, string>,
  script = BUILD_SCRIPT,
): Promise<{ status: number; output: string }> {
  const outDir = await mkdtemp(join(tmpdir(), 'chat-build-env-'));
  outDirs.push(outDir);
  // Only the variables given: none from this shell or a .env file may fill a gap.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    outDir,
    ...vars,
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: WEB_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return { status, output };
}

describe('building the Firebase page', () => {
  it.each(['VITE_DEFAULT_BUSINESS_ID', 'VITE_SUPPORT_FORM_URL', 'VITE_FIREBASE_PROJECT_ID'])(
    'fails without %s, naming it',
    async (missing) => {
      const { [missing]: _left, ...rest } = FIREBASE_BUILD_ENV;
      const { status, output } = await runVite(rest);
      expect(status).not.toBe(0);
      expect(output).toContain(`${missing}: is required when VITE_BACKEND is firebase`);
    },
    60_000,
  );

  it('fails on a malformed value, naming it', async () => {
    const { status, output } = await runVite({
      ...FIREBASE_BUILD_ENV,
      VITE_SUPPORT_FORM_URL: 'javascript:alert(1)',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('VITE_SUPPORT_FORM_URL');
  }, 60_000);

  it('builds with every variable set', async () => {
    const { status, output } = await runVite(FIREBASE_BUILD_ENV);
    expect(output).not.toContain('Invalid configuration');
    expect(status).toBe(0);
  }, 120_000);
});

describe('starting the dev server for the Firebase page', () => {
  it('fails without VITE_DEFAULT_BUSINESS_ID, naming it', async () => {
    const { VITE_DEFAULT_BUSINESS_ID: _left, ...rest } = FIREBASE_BUILD_ENV;
    const { status, output } = await runVite(rest, DEV_SERVER_SCRIPT);
    expect(status).not.toBe(0);
    expect(output).toContain('VITE_DEFAULT_BUSINESS_ID: is required when VITE_BACKEND is firebase');
  }, 60_000);

  it('starts with every variable set', async () => {
    const { status, output } = await runVite(FIREBASE_BUILD_ENV, DEV_SERVER_SCRIPT);
    expect(output).not.toContain('Invalid configuration');
    expect(status).toBe(0);
  }, 60_000);
});
