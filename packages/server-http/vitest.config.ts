import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'server-http', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
