import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'assistant', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
