import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The Firebase checks over a built page (`npm run test:firebase`, which starts the Auth emulator first):
// the first load of both builds, and the phone sign-in journey against the real Auth emulator in headless
// Chromium. One file at a time, like the other journeys (2-core machines).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'firebase-e2e',
    environment: 'node',
    include: ['firebase-e2e/**/*.firebase.ts'],
    globalSetup: ['./firebase-e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 45_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
