// Compiles the chat service for its image (packages/chat-service/Dockerfile): `node build.mjs` bundles
// src/main.ts and the workspace packages it imports (@chat/*, TypeScript sources) into JavaScript,
// dist/main.mjs (and the language model's chunk under dist/chunks), so no TypeScript compiler or tsx runs at start (issue 29: tsx made the start
// 2.9 s to /healthz). Every other package (firebase-admin, express, genkit, …) stays an import of
// node_modules as npm installed it: they are JavaScript already, and some read files beside their own
// code by path, which a bundle breaks (google-gax's protocol definitions). Bundling express, pino and
// zod too was measured: no faster a start — the Admin SDK's load is most of it.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
// A clean dist: chunks of an earlier build (their names carry a hash) would pile up beside the new ones.
rmSync(new URL('dist', here), { recursive: true, force: true });

await build({
  absWorkingDir: here.pathname,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // The language model's code (and Genkit's imports) in a chunk of its own, loaded only when a model
  // is configured (language-model-assistant.ts imports it on demand): the built-in assistant's start
  // does not pay for Genkit.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The image's Node (24); nothing newer is used, so the bundle also runs on Node 22 and 20.
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // The bundled CommonJS (firebase-admin, below) requires the packages left external: give it Node's.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'node-modules-stay-external',
      setup(builder) {
        // Bare imports: the workspace's own packages and firebase-admin are bundled, every other package
        // is left to Node. firebase-admin because Node, importing a CommonJS module from ESM, reads every
        // export to build the namespace: firebase-admin/firestore's lazy `GrpcStatus` getter then loads
        // google-gax and gRPC before the server listens (340 ms of CPU of a cold start). esbuild's interop
        // reads an export when used, so they load with the first Firestore call (main.ts preloads them
        // once the first health check is answered).
        builder.onResolve({ filter: /^firebase-admin(\/|$)/ }, (args) =>
          // Its CommonJS files, which its ESM entry points would read every export of again.
          args.kind === 'require-call'
            ? undefined
            : builder.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir }),
        );
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@chat/') || args.path.startsWith('firebase-admin')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log('✓ dist/main.mjs');
