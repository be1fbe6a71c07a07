/**
 * GET /control/events holds at most MAX_EVENT_BACKLOG_BYTES for a client that does not read
 * (issue 22): such a client is disconnected, while one that reads keeps receiving every event.
 */
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { MAX_EVENT_BACKLOG_BYTES } from './console-routes.js';
import { createConversation, startTestServer, waitFor } from '../testing/test-server.js';
import type { TestServer } from '../testing/test-server.js';

let running: TestServer | null = null;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = null;
});

/** Opens the event stream over a raw socket; resolves once the stream's first comment arrived. */
async function openEvents(url: string, read: boolean) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  let received = 0;
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => {
    socket.once('connect', () => {
      socket.write('GET /control/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (chunk.includes(': connected')) resolve();
    });
  });
  // A client that stops reading: the kernel's buffers fill, then the server's.
  if (!read) socket.pause();
  return {
    received: () => received,
    closed: () => closed,
    /** Reads again: what was buffered, then (if the server ended the stream) the close. */
    resume: () => socket.resume(),
  };
}

it('disconnects an event-stream client that stops reading, and keeps serving one that reads', async () => {
  running = await startTestServer();
  const { server, url } = running;
  const stalled = await openEvents(url, false);
  const reader = await openEvents(url, true);
  const { id } = createConversation(server);

  // 2 KB events, far more than the backlog bound and the kernel's socket buffers hold together.
  const text = 'e'.repeat(2000);
  const events = Math.ceil((16 * MAX_EVENT_BACKLOG_BYTES) / text.length);
  let sent = 0;
  for (; sent < events; sent++) {
    server.store.addMessage(id, { role: 'user', text });
    // Let the sockets move bytes between every few events, as a live server would between requests:
    // the reader (in this same process) must get to read, or it falls behind the bound too.
    if (sent % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  stalled.resume();
  await waitFor(stalled.closed, 10_000, 'the stalled client to be disconnected');
  // It got what the kernel had buffered, then the end: far from every event.
  expect(stalled.received()).toBeLessThan((sent * text.length) / 2);
  expect(reader.closed()).toBe(false);
  const readerBefore = reader.received();
  server.store.addMessage(id, { role: 'user', text: 'still live' });
  await waitFor(() => reader.received() > readerBefore, 5000, 'the reading client to get the next event');
}, 30_000);
