import { defineProject } from 'vitest/config';

export default defineProject({
  // The emulator tests skip themselves unless `npm run test:firestore` started the emulators.
  test: { name: 'chat-service', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
