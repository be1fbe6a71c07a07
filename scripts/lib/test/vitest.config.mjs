import { defineConfig } from 'vitest/config';

// The emulator helpers' own tests: they start real emulators, so `npm run test:firestore` runs them (with
// `--config scripts/lib/test/vitest.config.mjs`), not the unit step.
export default defineConfig({
  test: {
    name: 'emulator-scripts',
    environment: 'node',
    include: ['scripts/lib/test/*.test.mjs'],
    testTimeout: 120_000,
  },
});
