import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'server-http', environment: 'node', include: ['src/**/*.test.ts'] },
});
