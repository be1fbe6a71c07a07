/**
 * A live subscription opened with an ID token ends when that token expires: the page gets
 * messages:error 'unauthenticated' (shown as §8's listen error) and no further upserts, whether
 * the server's clock was moved past the expiry or the expiry simply arrives while the socket idles.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@chat/core';
import type { SubscriptionErrorEvent, UpsertEvent } from '@chat/core';
import { createControllableClock } from '../clock.js';
import { createIdentity } from '../identity/index.js';
import { loadFixtures } from '../store/fixtures.js';
import type { ClientSocket, TestServer } from '../testing/test-server.js';
import { connectClient, signIn, startTestServer, subscribe, waitFor } from '../testing/test-server.js';

const running: TestServer[] = [];
const sockets: ClientSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const t of running.splice(0)) await t.close();
});

async function setUp(tokenTtlMs?: number) {
  const clock = createControllableClock();
  const identity = createIdentity({
    clock,
    testNumbers: loadFixtures().testNumbers,
    ...(tokenTtlMs === undefined ? {} : { tokenTtlMs }),
  });
  const t = await startTestServer({ clock, identity });
  running.push(t);
  const visitor = await signIn(t.server);
  const conversation = t.server.store.createConversation({
    businessId: 'bella-vista-salon',
    userId: visitor.user.uid,
    userType: 'enduser',
    contextType: 'enduser',
    isOutsideBusinessHours: false,
  });
  const socket = await connectClient(t.url);
  sockets.push(socket);
  const errors: SubscriptionErrorEvent[] = [];
  const upserts: UpsertEvent[] = [];
  socket.on(SOCKET_EVENTS.error, (event) => errors.push(event));
  socket.on(SOCKET_EVENTS.upsert, (event) => upserts.push(event));
  expect(
    await subscribe(socket, { conversationId: conversation.id, idToken: visitor.idToken }),
  ).toMatchObject({
    ok: true,
  });
  return { t, clock, visitor, conversation, socket, errors, upserts };
}

describe('a subscription whose token expires', () => {
  it('ends before the next upsert once the server clock has passed the expiry', async () => {
    const { t, clock, visitor, conversation, socket, errors, upserts } = await setUp();
    t.server.store.addMessage(conversation.id, { role: 'user', text: 'while signed in' });
    await waitFor(() => upserts.length === 1, 2000, 'the first upsert');

    clock.setOffset(visitor.expiresAt - Date.now() + 1000);
    t.server.store.addMessage(conversation.id, { role: 'model', text: 'after expiry' });
    await waitFor(() => errors.length === 1, 2000, 'messages:error');
    expect(errors[0]).toEqual({
      conversationId: conversation.id,
      error: { code: 'unauthenticated', message: expect.stringContaining('expired') },
    });
    // Subscribing again with a fresh token, then a write, proves on this one ordered socket that the
    // upsert of 'after expiry' never came.
    const fresh = await signIn(t.server);
    expect(
      await subscribe(socket, { conversationId: conversation.id, idToken: fresh.idToken }),
    ).toMatchObject({
      ok: true,
      messages: expect.any(Array),
    });
    t.server.store.addMessage(conversation.id, { role: 'model', text: 'later still' });
    await waitFor(() => upserts.length === 2, 2000, 'the upsert after subscribing again');
    expect(upserts.map((u) => u.message.text)).toEqual(['while signed in', 'later still']);
  });

  it('ends on its own when the expiry arrives while the socket idles', async () => {
    // Tokens of about a second (JWT expiry is in whole seconds).
    const { conversation, errors } = await setUp(1000);
    await waitFor(() => errors.length === 1, 5000, 'messages:error at expiry');
    expect(errors[0]).toMatchObject({ conversationId: conversation.id, error: { code: 'unauthenticated' } });
  });
});
