import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'admin',
    environment: 'node',
    isolate: false,
    include: ['src/**/*.test.ts'],
    // businesses-cli.test.ts talks to the Firestore emulator through the Admin SDK: its first gRPC
    // connection can take seconds on a loaded machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
