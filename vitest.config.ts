import { defineConfig } from 'vitest/config';

// Every workspace's unit and integration tests. Browser journeys run separately (npm run test:e2e).
// The Node projects run with `isolate: false`: a worker keeps the modules it loaded from one test file to
// the next (core, zod, express, the Firebase SDKs, …), instead of importing them again for every file —
// that import was more of the suite's time than its tests. So a test leaves nothing behind: it puts real
// timers back (vi.useRealTimers in afterEach), and vitest itself restores spies and vi.setConfig after
// each file. web stays isolated: every jsdom file is a fresh page.
export default defineConfig({
  test: {
    projects: ['packages/*', 'mock-server', 'web', 'scripts/demo', 'scripts/bench'],
  },
});
