import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'local', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
