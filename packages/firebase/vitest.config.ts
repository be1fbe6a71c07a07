import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'firebase', environment: 'node', include: ['src/**/*.test.ts'] },
});
