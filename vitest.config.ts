import { defineConfig } from 'vitest/config';

// Every workspace's unit and integration tests. Browser journeys run separately (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/*', 'mock-server', 'web', 'scripts/demo', 'scripts/bench'],
  },
});
