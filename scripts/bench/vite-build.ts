/**
 * Production builds for the page benchmarks, each by the app's own Vite from the same node_modules, in a
 * child process (Vite's bundler leaves native handles behind in the process that ran it):
 * - the web app (web/vite.config.ts) for the local or the Firebase backend;
 * - the floor page (scripts/bench/floor/page) with its local (socket.io) or Firebase (Firestore) backend and
 *   react-router's data router (the page-weight floor) or its declarative one (the speed floor).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));
const FLOOR_ROOT = fileURLToPath(new URL('./floor/page/', import.meta.url));

// Runs with web/ as its working directory, so 'vite' and the React plugin resolve to the app's own.
const BUILD_SCRIPT = `
import { build } from 'vite';
const { options, floor } = JSON.parse(process.env.BENCH_VITE_BUILD);
if (floor) {
  const { default: react } = await import('@vitejs/plugin-react');
  options.plugins = [react()];
  options.resolve = { alias: { 'floor-backend': floor.backend, 'floor-router': floor.router } };
}
await build(options);
`;

export type Backend = 'local' | 'firebase';

/** Dummy but well-formed Firebase settings: the page boots; Firestore calls fail (the bench blocks them). */
export const BENCH_FIREBASE_ENV = {
  VITE_CHAT_SERVICE_URL: 'http://127.0.0.1:9',
  VITE_FIREBASE_API_KEY: 'AIzaSyBench-not-a-real-key-000000000000',
  VITE_FIREBASE_AUTH_DOMAIN: 'bench-project.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'bench-project',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
  VITE_SUPPORT_FORM_URL: 'https://support.example.com/contact',
};

export async function buildWebApp(outDir: string, backend: Backend, serverUrl: string): Promise<void> {
  await runBuild(
    { root: WEB_ROOT, outDir },
    {
      VITE_BACKEND: backend,
      VITE_LOCAL_SERVER_URL: serverUrl,
      VITE_DEFAULT_BUSINESS_ID: 'bella-vista-salon',
      VITE_ASSISTANT_NAME: 'Ava',
      ...(backend === 'firebase' ? BENCH_FIREBASE_ENV : {}),
    },
  );
}

/**
 * `server`: the floor server's URL (local) or the Firebase floor's `projectId[,emulatorHost:port[,chatServiceUrl]]`
 * (scripts/bench/floor/page/backend-firebase.ts; the bench's dummy project, blocked, when omitted).
 */
export async function buildFloorPage(
  outDir: string,
  backend: Backend,
  router: 'data' | 'declarative',
  server?: string,
): Promise<void> {
  const floor = {
    backend: `${FLOOR_ROOT}backend-${backend}.ts`,
    router: `${FLOOR_ROOT}router-${router}.tsx`,
  };
  await runBuild(
    { root: FLOOR_ROOT, outDir, configFile: false, floor },
    { VITE_FLOOR_SERVER: server ?? BENCH_FIREBASE_ENV.VITE_FIREBASE_PROJECT_ID },
  );
}

async function runBuild(
  target: {
    root: string;
    outDir: string;
    configFile?: false;
    floor?: { backend: string; router: string };
  },
  env: Record<string, string>,
): Promise<void> {
  const options = {
    root: target.root,
    // web/vite.config.ts imports TypeScript workspace packages, which only Vite's runner loader can load.
    ...(target.configFile === false ? { configFile: false } : { configLoader: 'runner' }),
    mode: 'production',
    logLevel: 'warn',
    build: {
      outDir: target.outDir,
      emptyOutDir: true,
      sourcemap: process.env.BENCH_SOURCEMAP === '1',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
    },
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT], {
    cwd: WEB_ROOT,
    // Vite gives VITE_* variables in the environment priority over .env files.
    env: { ...process.env, ...env, BENCH_VITE_BUILD: JSON.stringify({ options, floor: target.floor }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const status = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  if (status !== 0) throw new Error(`Vite build of ${target.root} failed (exit ${status}); see above.`);
}
