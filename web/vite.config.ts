// Loaded with `--configLoader runner` (see package.json): the plugins import src/config/env.ts, which
// imports the TypeScript workspace packages, and Node cannot load those through the default bundle loader.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadBackendPlugin } from './build/preload-backend-plugin.js';
import { validateEnvPlugin } from './build/validate-env-plugin.js';
import { embedScriptPlugin } from './embed/embed-plugin.js';
import { FRAME_ANCESTORS_HEADERS } from '../scripts/lib/frame-ancestors.mjs';

export default defineConfig({
  plugins: [
    react(),
    // Fails the build naming any missing or invalid VITE_* variable (a Firebase build has no demo defaults).
    validateEnvPlugin(),
    // The configured backend's chunk downloads beside the main chunk (<link rel="modulepreload">).
    preloadBackendPlugin(),
    // /embed.js, the snippet businesses paste into their own sites (web/embed/).
    embedScriptPlugin(),
  ],
  // Which sites may frame the page (the embed snippet's iframe): docs/decisions/0012-embedding-and-frame-ancestors.md.
  server: { port: 5173, strictPort: true, host: '127.0.0.1', headers: FRAME_ANCESTORS_HEADERS },
  preview: { port: 5173, strictPort: true, host: '127.0.0.1', headers: FRAME_ANCESTORS_HEADERS },
  build: {
    sourcemap: true,
    // Each backend is its own lazily loaded chunk; the Firebase SDK's Firestore part alone is ~400 kB
    // minified. The warning would fire on that chunk every build.
    chunkSizeWarningLimit: 700,
  },
});
