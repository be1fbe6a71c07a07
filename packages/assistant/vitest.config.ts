import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'assistant', environment: 'node', include: ['src/**/*.test.ts'] },
});
