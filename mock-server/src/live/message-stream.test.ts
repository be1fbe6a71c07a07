import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { CONTROL_CALL_HEADERS, CONTROL_ROUTES, SOCKET_EVENTS, SubscribeAckSchema } from '@chat/core';
import type { SubscriptionErrorEvent, UpsertEvent } from '@chat/core';
import type { ClientSocket, TestServer } from '../testing/test-server.js';
import {
  connectClient,
  createConversation,
  signIn,
  startTestServer,
  subscribe,
  waitFor,
} from '../testing/test-server.js';

let t: TestServer;
const sockets: ClientSocket[] = [];

async function client(options: Parameters<typeof connectClient>[1] = {}) {
  const socket = await connectClient(t.url, options);
  sockets.push(socket);
  return socket;
}

beforeEach(async () => {
  t = await startTestServer({ corsOrigins: ['http://localhost:5173'] });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

describe('subscribe', () => {
  it('acks with the messages in order, then sends every addition as an upsert', async () => {
    const { id } = createConversation(t.server);
    t.server.store.addMessage(id, { role: 'user', text: 'one' });
    t.server.store.addMessage(id, { role: 'model', text: 'two' });
    const socket = await client();
    const upserts: UpsertEvent[] = [];
    socket.on(SOCKET_EVENTS.upsert, (event) => upserts.push(event));

    const ack = SubscribeAckSchema.parse(await subscribe(socket, { conversationId: id }));
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.messages.map((m) => m.message.text)).toEqual(['one', 'two']);
    expect(ack.messages[0]!.seq).toBeLessThan(ack.messages[1]!.seq);

    t.server.store.addMessage(id, { role: 'user', text: 'three' });
    await waitFor(() => upserts.length === 1, 2000, 'the upsert');
    expect(upserts[0]).toMatchObject({ conversationId: id, message: { text: 'three' } });
    expect(upserts[0]!.seq).toBeGreaterThan(ack.messages[1]!.seq);
  });

  it('sends only messages changed after afterSeq', async () => {
    const { id } = createConversation(t.server);
    const first = t.server.store.addMessage(id, { role: 'user', text: 'one' });
    t.server.store.addMessage(id, { role: 'model', text: 'two' });
    const ack = await subscribe(await client(), { conversationId: id, afterSeq: first.seq });
    expect(ack.ok && ack.messages.map((m) => m.message.text)).toEqual(['two']);
  });

  it('does not send upserts of other conversations or after unsubscribe', async () => {
    const a = createConversation(t.server).id;
    const b = createConversation(t.server).id;
    const socket = await client();
    const upserts: UpsertEvent[] = [];
    socket.on(SOCKET_EVENTS.upsert, (event) => upserts.push(event));
    await subscribe(socket, { conversationId: a });
    t.server.store.addMessage(b, { role: 'user', text: 'elsewhere' });
    t.server.store.addMessage(a, { role: 'user', text: 'here' });
    await waitFor(() => upserts.length === 1);
    socket.emit(SOCKET_EVENTS.unsubscribe, { conversationId: a });
    // A second subscription on the same socket proves the unsubscribe was processed (events are ordered).
    await subscribe(socket, { conversationId: b });
    t.server.store.addMessage(a, { role: 'user', text: 'after unsubscribe' });
    t.server.store.addMessage(b, { role: 'user', text: 'b again' });
    await waitFor(() => upserts.length === 2);
    expect(upserts.map((u) => u.message.text)).toEqual(['here', 'b again']);
  });

  it('answers bad payloads with invalid-argument and keeps serving', async () => {
    const socket = await client();
    for (const payload of [
      null,
      42,
      'x',
      {},
      { conversationId: 'bad id' },
      { conversationId: 'a', afterSeq: -1 },
      { conversationId: 'a', extra: 1 },
    ]) {
      const ack = await subscribe(socket, payload);
      expect(ack).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    }
    // An event without an ack function and an unknown event do not break the connection either.
    socket.emit(SOCKET_EVENTS.subscribe, { conversationId: 'x' } as never, undefined as never);
    (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit('no:such-event', 1);
    const { id } = createConversation(t.server);
    expect((await subscribe(socket, { conversationId: id })).ok).toBe(true);
  });

  it('answers not-found for an unknown conversation', async () => {
    expect(await subscribe(await client(), { conversationId: 'unknown' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it("lets only the owner subscribe to a signed-in visitor's conversation", async () => {
    const owner = await signIn(t.server);
    const other = await signIn(t.server, '+15555550101', '654321');
    const conversation = t.server.store.createConversation({
      businessId: 'bella-vista-salon',
      userId: owner.user.uid,
      userType: 'enduser',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
    });
    const socket = await client();
    const denied = { ok: false, error: { code: 'permission-denied' } };
    expect(await subscribe(socket, { conversationId: conversation.id })).toMatchObject(denied);
    expect(
      await subscribe(socket, { conversationId: conversation.id, idToken: other.idToken }),
    ).toMatchObject(denied);
    expect(await subscribe(socket, { conversationId: conversation.id, idToken: 'garbage' })).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated' },
    });
    expect(
      await subscribe(socket, { conversationId: conversation.id, idToken: owner.idToken }),
    ).toMatchObject({ ok: true });
  });
});

describe('connection limits', () => {
  it('refuses a browser origin outside the allowlist and accepts one inside it', async () => {
    const bad = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Origin: 'http://evil.example' },
    });
    const error = await new Promise<Error>((resolve) => bad.once('connect_error', resolve));
    expect(error).toBeInstanceOf(Error);
    bad.close();
    const good = await client({ extraHeaders: { Origin: 'http://localhost:5173' } });
    expect(good.connected).toBe(true);
  });

  it('drops a client that sends more than the payload limit', async () => {
    const socket = await client();
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit(SOCKET_EVENTS.subscribe, { conversationId: 'x'.repeat(40_000) }, () => {});
    expect(await disconnected).toBe('transport close');
    // The server is still up for everyone else.
    const { id } = createConversation(t.server);
    expect((await subscribe(await client(), { conversationId: id })).ok).toBe(true);
  });
});

describe('listen faults', () => {
  it('errors current subscriptions and refuses the next subscribes', async () => {
    const { id } = createConversation(t.server);
    const socket = await client();
    const errors: SubscriptionErrorEvent[] = [];
    socket.on(SOCKET_EVENTS.error, (event) => errors.push(event));
    await subscribe(socket, { conversationId: id });
    const upserts: UpsertEvent[] = [];
    socket.on(SOCKET_EVENTS.upsert, (event) => upserts.push(event));

    const res = await fetch(`${t.url}${CONTROL_ROUTES.faults}`, {
      method: 'POST',
      headers: CONTROL_CALL_HEADERS,
      body: JSON.stringify({ operation: 'listen', error: 'unavailable', count: 1 }),
    });
    expect(res.status).toBe(201);
    await waitFor(() => errors.length === 1, 2000, 'messages:error');
    expect(errors[0]).toEqual({
      conversationId: id,
      error: { code: 'unavailable', message: expect.any(String) },
    });

    expect(await subscribe(socket, { conversationId: id })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    // The failed subscription gets no more upserts; the fault is used up, so the next subscribe works.
    t.server.store.addMessage(id, { role: 'user', text: 'unseen' });
    const again = await subscribe(socket, { conversationId: id });
    expect(again.ok && again.messages.map((m) => m.message.text)).toEqual(['unseen']);
    expect(upserts).toEqual([]);
  });
});
