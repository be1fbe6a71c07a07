/**
 * Builds the web app once for the journeys, with Vite's JS API and web/vite.config.ts, into `outDir`.
 * The mock server's URL is baked in at build time (VITE_LOCAL_SERVER_URL, read by src/config/env.ts),
 * so the server must already be listening on its ephemeral port when this runs.
 *
 * The build runs in a child Node process: Vite's bundler (rolldown) leaves native handles behind in
 * the process that ran it, which kept vitest from exiting at the end of the run.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Runs with web/ as its working directory, so 'vite' resolves to the app's own Vite.
const BUILD_SCRIPT = `
import { build } from 'vite';
await build(JSON.parse(process.env.E2E_VITE_BUILD_OPTIONS));
`;

export async function buildWebApp(options: { outDir: string; serverUrl: string }): Promise<void> {
  const buildOptions = {
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'warn',
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      // Bundle size is the app's own build's concern (npm run build -w web reports it); not repeated here.
      chunkSizeWarningLimit: 100_000,
    },
  };
  // Vite gives VITE_* variables in the environment priority over .env files.
  const env = {
    ...process.env,
    VITE_BACKEND: 'local',
    VITE_LOCAL_SERVER_URL: options.serverUrl,
    VITE_DEFAULT_BUSINESS_ID: 'bella-vista-salon',
    VITE_ASSISTANT_NAME: 'Ava',
    E2E_VITE_BUILD_OPTIONS: JSON.stringify(buildOptions),
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT], {
    cwd: WEB_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const status = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  if (status !== 0)
    throw new Error(`Building the web app for the journeys failed (exit ${status}); see above.`);
}
