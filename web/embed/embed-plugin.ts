/**
 * Serves /embed.js next to the chat page: built on its own (one classic IIFE script, minified, with
 * nothing of the app in it) by a nested Vite build of embed.ts. `vite build` emits it into dist/
 * (so the web container and any static host serve it); the dev server (`npm start`) builds it on
 * request, so an edit shows on the next reload.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';

const ENTRY = fileURLToPath(new URL('./embed.ts', import.meta.url));

/** embed.js's code, as the browser gets it. */
export async function buildEmbedScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: ENTRY, formats: ['iife'], name: 'BusinessChatEmbed', fileName: () => 'embed.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs[0]?.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error('Building embed.js produced no script');
  return chunk.code;
}

export function embedScriptPlugin(): Plugin {
  return {
    name: 'business-chat-embed-script',
    configureServer(server) {
      server.middlewares.use('/embed.js', (_request, response, next) => {
        buildEmbedScript().then((code) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(code);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: await buildEmbedScript() });
    },
  };
}
