// Loaded with `--configLoader runner` (see package.json): the plugins import src/config/env.ts, which
// imports the TypeScript workspace packages, and Node cannot load those through the default bundle loader.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configuredAppPlugin } from './build/configured-app-plugin.js';
import { embedScriptPlugin } from './embed/embed-plugin.js';
import { FRAME_ANCESTORS_HEADERS } from '../scripts/lib/frame-ancestors.mjs';

export default defineConfig({
  plugins: [
    react(),
    // Fails the build (and the dev server's start) naming any missing or invalid VITE_* variable (a Firebase
    // build has no demo defaults); gives the page the checked configuration and its one backend.
    configuredAppPlugin(),
    // /embed.js, the snippet businesses paste into their own sites (web/embed/).
    embedScriptPlugin(),
  ],
  // Which sites may frame the page (the embed snippet's iframe): docs/decisions/0012-embedding-and-frame-ancestors.md.
  server: { port: 5173, strictPort: true, host: '127.0.0.1', headers: FRAME_ANCESTORS_HEADERS },
  preview: { port: 5173, strictPort: true, host: '127.0.0.1', headers: FRAME_ANCESTORS_HEADERS },
  build: {
    sourcemap: true,
    // The Firebase build's main chunk holds Firestore (~480 kB of its ~980 kB minified), which its first
    // screen needs (decision 0006); the warning would fire on it every build.
    chunkSizeWarningLimit: 1100,
  },
});
