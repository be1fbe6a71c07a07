/** The StackDriver (stack.ts) of the local stack: the mock server's control and data APIs. */
import { createLocalBackend } from '@chat/local';
import { inject } from 'vitest';
import { WAIT_MS } from '../pages/chat-page.js';
import { createControlClient } from './control.js';
import { askOnOtherDevice } from './other-device.js';
import type { StackDriver } from './stack.js';

export function createLocalStackDriver(): StackDriver {
  const server = inject('serverUrl');
  const control = createControlClient(server);

  return {
    name: 'local',
    reset: () => control.reset(),
    phoneCode: (phoneNumber) => control.otp(phoneNumber),
    // The mock identity provider's test number has a display name (mock-server/fixtures).
    testVisitorSignupMessage: 'Test Visitor signed up.',
    async conversation(id) {
      const found = (await control.conversations()).find((c) => c.id === id);
      if (!found) return undefined;
      return {
        id: found.id,
        messageCount: found.messageCount,
        lastMessage: found.lastMessage ?? null,
        signupFeedPosted: found.signupFeedPosted === true,
      };
    },
    feed: (businessId) => control.feed(businessId),
    async passMoreThanADay(page) {
      const later = 25 * 60 * 60 * 1000;
      await control.moveClock({ offsetMs: later });
      await page.clock.setSystemTime(Date.now() + later);
    },
    async cutConnection(page) {
      // The socket is cut, and the browser goes offline so it cannot come back at once. The server is shared
      // by the journeys, so a socket of an earlier journey's page that is still closing may be cut too.
      const dropped = await control.dropSockets();
      if (dropped < 1) throw new Error('the mock server had no live socket to cut');
      await page.context().setOffline(true);
      return () => page.context().setOffline(false);
    },
    // The socket's disconnect event, and the browser's offline one, arrive at once.
    connectionLossNoticeMs: WAIT_MS,
    writeIn(request) {
      if (request.method() === 'GET' || request.method() === 'OPTIONS') return null;
      return new URL(request.url()).pathname.startsWith('/data/') ? (request.postData() ?? '') : null;
    },
    writeRequests: '**/data/**',
    askFromElsewhere: (id, businessId, text) =>
      askOnOtherDevice(createLocalBackend({ serverUrl: server }), id, businessId, text),
  };
}
