import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'llm-assistant', environment: 'node', isolate: false, include: ['src/**/*.test.ts'] },
});
