import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'firebase',
    environment: 'node',
    isolate: false,
    include: ['src/**/*.test.ts'],
    // The rules and contract tests run on the emulators (npm run test:firestore): several writes per test,
    // each a round trip that takes seconds when the machine is busy.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
