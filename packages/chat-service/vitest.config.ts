import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'chat-service',
    environment: 'node',
    isolate: false,
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // The emulator tests skip themselves unless `npm run test:firestore` started the emulators; then this
    // builds dist/main.mjs once for the ones that start the compiled service as a process.
    globalSetup: ['./src/testing/build-service.global-setup.ts'],
  },
});
