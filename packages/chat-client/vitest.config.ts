import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'chat-client', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
