import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys (e2e/*.e2e.ts) in headless Chromium against the real mock server: `npm run test:e2e`.
// The global setup builds the app once, starts one mock server and one Chromium for the whole run;
// the files run one after another (2-core machines, one shared server whose state each test resets).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    // One worker reuses its module cache from file to file (playwright-core, zod…): ~1.5 s per file.
    // Each file still connects to the browser afresh and each test gets a new context and a reset server.
    isolate: false,
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // A journey that fails on a timing edge fails again on a retry just as well; no retries hide flakes.
    retry: 0,
  },
});
