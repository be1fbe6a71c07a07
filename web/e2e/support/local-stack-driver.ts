/** The StackDriver (stack.ts) of the local stack: the mock server's control and data APIs. */
import { CHAT_PATH, DATA_ROUTES, newMessageId } from '@chat/core';
import { inject } from 'vitest';
import { WAIT_MS } from '../pages/chat-page.js';
import { createControlClient } from './control.js';
import type { StackDriver } from './stack.js';

export function createLocalStackDriver(): StackDriver {
  const server = inject('serverUrl');
  const control = createControlClient(server);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(server + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };

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
    async askFromElsewhere(id, businessId, text) {
      await post(DATA_ROUTES.messages(id), { id: newMessageId(), role: 'user', text });
      await post(CHAT_PATH, {
        message: text,
        conversationId: id,
        businessId,
        profileId: businessId,
        userTimezone: 'UTC',
      });
    },
  };
}
