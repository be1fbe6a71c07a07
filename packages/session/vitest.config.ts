import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'session', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
