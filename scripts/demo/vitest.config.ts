import { defineProject } from 'vitest/config';

export default defineProject({
  // One test runs the real CLI process (tsx start-up is slow on a busy 2-core machine).
  test: {
    name: 'demo-cli',
    environment: 'node',
    isolate: false,
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
