import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mock-server', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
