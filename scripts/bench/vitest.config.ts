import { defineProject } from 'vitest/config';

export default defineProject({
  // Each test starts a server process (tsx start-up is slow on a busy 2-core machine).
  test: {
    name: 'bench',
    environment: 'node',
    isolate: false,
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
