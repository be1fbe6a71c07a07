/**
 * Guards the promise of issue 3 point 4: a connection that drops in the middle of a streamed reply
 * and resumes from the last sequence number it saw loses nothing and shows nothing twice.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, CONTROL_ROUTES, DATA_ROUTES, EN, SOCKET_EVENTS } from '@chat/core';
import type { Message } from '@chat/core';
import type { ClientSocket, TestServer } from '../testing/test-server.js';
import { connectClient, createConversation, startTestServer, waitFor } from '../testing/test-server.js';

let t: TestServer | null = null;
let socket: ClientSocket | null = null;
afterEach(async () => {
  socket?.disconnect();
  await t?.close();
});

/** A client that keeps a view of the conversation the way packages/local does: by id, resuming by seq. */
/** A client that reconnects by itself, quickly, as a page's socket does after a network failure. */
function connectReconnectingClient(url: string): Promise<ClientSocket> {
  return connectClient(url, { reconnection: true, reconnectionDelay: 20, reconnectionDelayMax: 40 });
}

function trackConversation(s: ClientSocket, conversationId: string) {
  const view = new Map<string, Message>();
  const received: number[] = [];
  let lastSeq: number | null = null;
  const acks: Message[][] = [];
  const apply = (seq: number, message: Message) => {
    received.push(seq);
    lastSeq = seq;
    view.set(message.id, message);
  };
  // The ack is applied inside its callback, synchronously: upserts that follow it on the wire can be
  // dispatched before a promise continuation would run (regression: seq 11 seen before 6 and 10).
  const resubscribe = () =>
    new Promise<void>((resolve, reject) => {
      const payload = { conversationId, ...(lastSeq === null ? {} : { afterSeq: lastSeq }) };
      s.emit(SOCKET_EVENTS.subscribe, payload, (ack) => {
        if (!ack.ok) return reject(new Error(ack.error.message));
        acks.push(ack.messages.map((m) => m.message));
        for (const { seq, message } of ack.messages) apply(seq, message);
        resolve();
      });
    });
  s.on(SOCKET_EVENTS.upsert, (event) => apply(event.seq, event.message));
  s.io.on('reconnect', () => void resubscribe());
  return { view, received, resubscribe, acks };
}

describe('a disconnect in the middle of a streamed reply', () => {
  it('loses nothing and duplicates nothing after resuming with afterSeq', async () => {
    t = await startTestServer({ streaming: { chunkChars: 3, intervalMs: 10 } });
    const { server } = t;
    const { id } = createConversation(server);
    socket = await connectReconnectingClient(t.url);
    const client = trackConversation(socket, id);
    await client.resubscribe();

    await request(server.app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'user', text: 'Tell me about your services' });
    const chat = await request(server.app).post(CHAT_PATH).send({
      message: 'Tell me about your services',
      conversationId: id,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
    });
    expect(chat.status).toBe(200);
    // The answer comes once the reply exists, while it is still streaming.
    const reply = server.store.messages(id).find((m) => m.role === 'model')!;
    expect(reply.streaming).toBe(true);

    // Drop the connection after a few chunks have arrived.
    await waitFor(() => (client.view.get(reply.id)?.text.length ?? 0) >= 9, 5000, 'a few chunks');
    socket.io.engine.close();
    // While the client is away, the reply keeps growing and a visitor message is added.
    await request(server.app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'system', type: 'system', text: EN.ui.authCancelled });

    await waitFor(() => client.acks.length === 2, 5000, 'the resubscription');
    await waitFor(() => server.store.messages(id).every((m) => !m.streaming), 10_000, 'the end of the reply');
    await waitFor(() => client.view.get(reply.id)?.streaming === undefined, 5000, 'the last chunk');

    const stored = server.store.messages(id);
    expect([...client.view.values()].sort((a, b) => a.createdAt - b.createdAt)).toEqual(stored);
    expect(stored.map((m) => m.role)).toEqual(['user', 'model', 'system']);
    expect(stored[1]!.text.length).toBeGreaterThan(30);
    // The resume ack held only what changed while away — the reply so far and the system message —
    // and the reply went on streaming after it, so the drop really was in the middle of the reply.
    const resumed = client.acks[1]!;
    expect(resumed.map((m) => m.role).sort()).toEqual(['model', 'system']);
    const replyAtResume = resumed.find((m) => m.role === 'model')!;
    expect(replyAtResume.streaming).toBe(true);
    expect(replyAtResume.text.length).toBeLessThan(stored[1]!.text.length);
    // Nothing twice: every received sequence number is new and they only rise.
    expect(new Set(client.received).size).toBe(client.received.length);
    expect(client.received).toEqual([...client.received].sort((a, b) => a - b));
  });
});

describe('POST /control/sockets/drop', () => {
  it('cuts every socket like a network failure: the client reconnects by itself and resumes', async () => {
    t = await startTestServer();
    const { server } = t;
    const { id } = createConversation(server);
    socket = await connectReconnectingClient(t.url);
    const client = trackConversation(socket, id);
    await client.resubscribe();
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));

    const dropped = await request(server.app)
      .post(CONTROL_ROUTES.dropSockets)
      .set('content-type', 'application/json')
      .set('x-mock-control', '1')
      .send({});
    expect(dropped.status).toBe(200);
    expect(dropped.body).toEqual({ dropped: 1 });
    await request(server.app).post(DATA_ROUTES.messages(id)).send({ role: 'user', text: 'while away' });

    await waitFor(() => client.acks.length === 2, 5000, 'the resubscription');
    expect(reasons).toEqual(['transport close']);
    expect([...client.view.values()].map((m) => m.text)).toEqual(['while away']);
  });
});
