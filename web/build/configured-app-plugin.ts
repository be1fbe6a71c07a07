/**
 * Decides at build time what is fixed at build time: the configuration and the backend. Both are read
 * once from the VITE_* variables (loadEnv: the process environment, then the .env files) and checked by
 * src/config/env.ts's parseEnv, which fails `vite build` and the dev server's start naming every bad or
 * missing variable — where an operator sees it: a Firebase build without VITE_DEFAULT_BUSINESS_ID must not
 * reach hosting and fail in visitors' browsers. The page then gets:
 *
 * - `virtual:app-env`: the checked AppEnv as a JSON literal, so no checking code ships in the page;
 * - `virtual:backend`: the configured backend's adapter (src/app/backends/local.ts or firebase.ts), imported
 *   statically, so it sits in the main chunk (one file compresses better than three, and nothing waits for
 *   the main chunk to run before fetching it) and the other backend is not in the build at all.
 *
 * Their types: src/virtual-modules.d.ts.
 *
 * It also puts the first-read script (first-read-script.ts) in index.html's head, before the app's module,
 * with a preconnect hint to the origin it reads from: the business is on its way before the app's code is.
 */
import { fileURLToPath } from 'node:url';
import { loadEnv, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { parseEnv, type AppEnv, type BackendKind } from '../src/config/env.js';
import { LATER_MODULES_META, firstReadScript, type FirstReadScript } from './first-read-script.js';

export const APP_ENV_MODULE = 'virtual:app-env';
export const BACKEND_MODULE = 'virtual:backend';
/** Rollup's convention for a module that is no file: other plugins leave ids starting with \0 alone. */
const RESOLVED_APP_ENV = `\0${APP_ENV_MODULE}`;
/** Where the dev server serves the first-read script (a build names it by its content). */
const DEV_FIRST_READ_PATH = '/first-read.js';

const BACKEND_ADAPTERS: Record<BackendKind, string> = {
  local: fileURLToPath(new URL('../src/app/backends/local.ts', import.meta.url)),
  firebase: fileURLToPath(new URL('../src/app/backends/firebase.ts', import.meta.url)),
};

/**
 * The modules a built page fetches right after its first screen is painted (index.html's
 * LATER_MODULES_META, read by the first-read script): Firestore's SDK, which the first reply on the
 * Firebase backend shows through. Each is a dynamic import's chunk of its own; a build without it
 * (the local backend) lists nothing.
 */
const LATER_MODULES = [
  fileURLToPath(new URL('../../packages/firebase/src/firestore-sdk.ts', import.meta.url)),
];

/** The URLs of the LATER_MODULES chunks in a finished bundle. */
export function laterModuleUrls(bundle: Rollup.OutputBundle, base: string): string[] {
  return Object.values(bundle)
    .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
    .filter((chunk) => chunk.facadeModuleId !== null && LATER_MODULES.includes(chunk.facadeModuleId))
    .map((chunk) => base + chunk.fileName);
}

/** The parsed configuration of a build; loadEnv already gives VITE_* from the process priority. */
export function readBuildEnv(mode: string, envDir: string): AppEnv {
  return parseEnv(loadEnv(mode, envDir, 'VITE_'));
}

/**
 * The built entry script (`<script type="module" crossorigin src="/assets/index-….js">`) marked
 * `fetchpriority="low"`. The first screen needs none of it — the frame, the welcome and the message box
 * are index.html's and the first-read script's — so it should not take the phone's bandwidth from the
 * CSS and the business read; a module script otherwise asks at high priority, as if the first paint
 * waited for it (and Lighthouse's model counts it so).
 */
export function lowPriorityEntry(html: string): string {
  return html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    '<script type="module" crossorigin fetchpriority="low" src="$1"></script>',
  );
}

export function configuredAppPlugin(): Plugin {
  let env: AppEnv | undefined;
  let firstRead: FirstReadScript | undefined;
  let firstReadSrc = DEV_FIRST_READ_PATH;
  let base = '/';
  const configured = (): AppEnv => {
    if (!env) throw new Error('configuredAppPlugin: the configuration is read when Vite resolves its config');
    return env;
  };
  const script = (): FirstReadScript => (firstRead ??= firstReadScript(configured()));
  const firstReadTags = (): HtmlTagDescriptor[] => [
    {
      tag: 'link',
      attrs: { rel: 'preconnect', href: script().origin, crossorigin: '' },
      injectTo: 'head-prepend',
    },
    // High priority: an async script is fetched at low priority by default, beside the app's entry
    // script (also low), and the welcome waits for this one's read, not for the app.
    {
      tag: 'script',
      attrs: { src: firstReadSrc, async: true, fetchpriority: 'high' },
      injectTo: 'head-prepend',
    },
  ];
  return {
    name: 'business-chat:configured-app',
    // `vite preview` serves a finished build: nothing to resolve, and its configuration is already baked in.
    apply: (_config, { isPreview }) => !isPreview,
    configResolved(config) {
      // Throws EnvError; Vite prints its message ("- VITE_DEFAULT_BUSINESS_ID: is required …") and exits 1.
      // The dev server restarts when a .env file changes, so this runs again then.
      env = readBuildEnv(config.mode, config.envDir || config.root);
      firstRead = undefined;
      base = config.base;
      if (config.command === 'build') firstReadSrc = config.base + script().fileName;
    },
    configureServer(server) {
      server.middlewares.use(DEV_FIRST_READ_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(script().source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: script().fileName, source: script().source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const tags = firstReadTags();
        // A build's entry script: fetched at low priority, after the frame's CSS (decision 0036).
        if (!context.bundle) return { html, tags };
        const later = laterModuleUrls(context.bundle, base);
        if (later.length > 0) {
          tags.push({
            tag: 'meta',
            attrs: { name: LATER_MODULES_META, content: later.join(' ') },
            injectTo: 'head',
          });
        }
        return { html: lowPriorityEntry(html), tags };
      },
    },
    resolveId(id) {
      if (id === APP_ENV_MODULE) return RESOLVED_APP_ENV;
      if (id === BACKEND_MODULE) return BACKEND_ADAPTERS[configured().backend];
      return null;
    },
    load(id) {
      if (id !== RESOLVED_APP_ENV) return null;
      return `export default ${JSON.stringify(configured())};\n`;
    },
  };
}
