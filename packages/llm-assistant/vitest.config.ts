import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'llm-assistant', environment: 'node', include: ['src/**/*.test.ts'] },
});
