import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'chat-client', environment: 'node', include: ['src/**/*.test.ts'] },
});
