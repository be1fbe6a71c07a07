import { defineConfig } from 'vitest/config';
import e2e from './vitest.e2e.config.js';

/**
 * The journeys that cover §4's flows, the same files as on the local stack, run against the Firebase
 * stack (`npm run test:e2e:firebase`): the Firestore and Auth emulators, the production chat service and the
 * page built for the Firebase backend, started once for the run by the global setup. The other journeys
 * drive the mock server's control API (faults, its clock, scenarios, the demo console) and stay local.
 */
export const FIREBASE_STACK_JOURNEYS = [
  'e2e/open-root.e2e.ts',
  'e2e/streamed-reply.e2e.ts',
  'e2e/phone-verification.e2e.ts',
  'e2e/decline.e2e.ts',
  'e2e/first-signup.e2e.ts',
  'e2e/reload-state.e2e.ts',
  'e2e/unverified-businesses.e2e.ts',
  'e2e/handle-route.e2e.ts',
  'e2e/expired-conversation.e2e.ts',
  'e2e/reconnecting.e2e.ts',
  'e2e/exactly-once.e2e.ts',
  'e2e/browser-reports-offline.e2e.ts',
  'e2e/cut-reply.e2e.ts',
  'e2e/team-requests.e2e.ts',
];

export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    name: 'e2e-firebase',
    include: FIREBASE_STACK_JOURNEYS,
    globalSetup: ['./e2e/support/firebase-global-setup.ts'],
    // The emulators, the chat service and the page build start before the first journey.
    hookTimeout: 180_000,
  },
});
