/**
 * A socket.io subscriber that stops reading is cut off once more than MAX_SOCKET_BACKLOG_BYTES wait
 * for it (issue 22), instead of the server holding its upserts until the heartbeat drops it; a
 * subscriber that reads keeps receiving every upsert.
 */
import type { Socket as TcpSocket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@chat/core';
import {
  connectClient,
  createConversation,
  startTestServer,
  subscribe,
  waitFor,
} from '../testing/test-server.js';
import type { ClientSocket, TestServer } from '../testing/test-server.js';
import { MAX_SOCKET_BACKLOG_BYTES } from './socket-backlog.js';

let running: TestServer | null = null;
const clients: ClientSocket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await running?.close();
  running = null;
});

/** The TCP socket under a websocket client's transport (engine.io-client over ws in Node). */
function tcpOf(client: ClientSocket): TcpSocket {
  const transport = client.io.engine.transport as unknown as { ws: { _socket: TcpSocket } };
  return transport.ws._socket;
}

it('closes the connection of a subscriber that stops reading, and keeps serving one that reads', async () => {
  running = await startTestServer();
  const { server, url } = running;
  const { id } = createConversation(server);
  const subscriber = async () => {
    const client = await connectClient(url);
    clients.push(client);
    let upserts = 0;
    let disconnected = false;
    client.on(SOCKET_EVENTS.upsert, () => (upserts += 1));
    client.on('disconnect', () => (disconnected = true));
    expect((await subscribe(client, { conversationId: id })).ok).toBe(true);
    return { client, upserts: () => upserts, disconnected: () => disconnected };
  };
  const stalled = await subscriber();
  const reader = await subscriber();
  tcpOf(stalled.client).pause();

  // 2 KB messages, far more than the bound and the kernel's socket buffers hold together.
  const text = 's'.repeat(2000);
  const sent = Math.ceil((16 * MAX_SOCKET_BACKLOG_BYTES) / text.length);
  for (let i = 0; i < sent; i++) {
    server.store.addMessage(id, { role: 'user', text });
    // A reader keeps up with a live server's pace: every 100 messages it has caught up before more are
    // written (so a busy machine cannot make it fall 1 MiB behind too); the stalled one never reads.
    if (i % 100 === 99) {
      const written = i + 1;
      await waitFor(() => reader.upserts() >= written, 20_000, 'the reading subscriber to keep up');
    }
  }
  await waitFor(() => reader.upserts() === sent, 20_000, 'the reading subscriber to get every upsert');
  tcpOf(stalled.client).resume();
  await waitFor(stalled.disconnected, 10_000, 'the stalled subscriber to be cut off');
  // It got what the kernel had buffered, then the close: far from every upsert.
  expect(stalled.upserts()).toBeLessThan(sent / 2);
  expect(reader.disconnected()).toBe(false);
}, 60_000);
