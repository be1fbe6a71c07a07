import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component and hook tests in jsdom. Browser journeys (e2e/) have their own config.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'embed/**/*.test.ts', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
