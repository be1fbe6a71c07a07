/**
 * Lets the backend chunk download beside the main chunk instead of after it. The app imports its backend
 * dynamically (src/app/load-backend.ts: one bundle serves both backends), which Vite would fetch only
 * once the main chunk has run; this adds <link rel="modulepreload"> for the configured backend's chunk
 * and the chunks it imports statically to the built index.html.
 *
 * Only the backend's first-load chunk is preloaded: for Firebase that is app + Firestore; Firebase Auth
 * is a further dynamic import and stays out of the first load (decision 0006).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { BackendKind } from '../src/config/env.js';
import { readBuildEnv } from './validate-env-plugin.js';

const BACKEND_ENTRIES: Record<BackendKind, string> = {
  local: fileURLToPath(new URL('../../packages/local/src/index.ts', import.meta.url)),
  firebase: fileURLToPath(new URL('../../packages/firebase/src/index.ts', import.meta.url)),
};

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

function isChunk(value: unknown): value is ChunkLike {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'chunk';
}

/** The files to preload for `entry`: its chunk and every chunk it imports statically, in load order. */
export function preloadFiles(bundle: Record<string, unknown>, entry: string): string[] {
  const wanted = realpathSync(entry);
  const chunks = Object.values(bundle).filter(isChunk);
  const root = chunks.find((chunk) => chunk.facadeModuleId && realpathSync(chunk.facadeModuleId) === wanted);
  if (!root) return [];
  const files: string[] = [];
  const visit = (chunk: ChunkLike) => {
    if (files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (isChunk(next)) visit(next);
    }
  };
  visit(root);
  return files;
}

export function preloadBackendPlugin(): Plugin {
  let base = '/';
  let backend: BackendKind = 'local';
  return {
    name: 'business-chat:preload-backend',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      backend = readBuildEnv(config.mode, config.envDir || config.root).backend;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const files = preloadFiles(ctx.bundle as Record<string, unknown>, BACKEND_ENTRIES[backend]);
        // None when the page imports the backend statically (a test entry): it is in the main chunk then.
        // web/firebase-e2e/first-load.firebase.ts checks that the shipped builds do preload it.
        const tags: HtmlTagDescriptor[] = files
          // The main chunk's own imports are preloaded by Vite already.
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
        return tags;
      },
    },
  };
}
