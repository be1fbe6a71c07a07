/**
 * Builds the web app once for the journeys, with Vite's JS API and web/vite.config.ts, into `outDir`.
 * The mock server's URL is baked in at build time (VITE_LOCAL_SERVER_URL, checked by src/config/env.ts),
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

export interface BuildWebAppOptions {
  outDir: string;
  /** The mock server's URL (the local backend's VITE_LOCAL_SERVER_URL). */
  serverUrl: string;
  /** More VITE_* variables, overriding the local defaults (e.g. a Firebase build's settings). */
  env?: Record<string, string>;
  /** Another HTML entry than web/index.html (a test-only page); its path relative to web/. */
  htmlEntry?: string;
  /** Also write .vite/manifest.json (which chunk holds which module), for checks over the built files. */
  manifest?: boolean;
  /** Also write each chunk's source map (its `sources`: every module the chunk holds). */
  sourcemap?: boolean;
}

export async function buildWebApp(options: BuildWebAppOptions): Promise<void> {
  const buildOptions = {
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'warn',
    // vite.config.ts imports src/config/env.ts (and through it the TypeScript workspace packages).
    configLoader: 'runner',
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      sourcemap: options.sourcemap ?? false,
      reportCompressedSize: false,
      // Bundle size is the app's own build's concern (npm run build -w web reports it); not repeated here.
      chunkSizeWarningLimit: 100_000,
      manifest: options.manifest ?? false,
      ...(options.htmlEntry ? { rollupOptions: { input: `${WEB_ROOT}${options.htmlEntry}` } } : {}),
    },
  };
  // Vite gives VITE_* variables in the environment priority over .env files.
  const env = {
    ...process.env,
    VITE_BACKEND: 'local',
    VITE_LOCAL_SERVER_URL: options.serverUrl,
    VITE_DEFAULT_BUSINESS_ID: 'bella-vista-salon',
    VITE_ASSISTANT_NAME: 'Ava',
    ...options.env,
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build; build what ships.
    NODE_ENV: 'production',
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
