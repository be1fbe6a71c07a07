import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeIdleConnectionsUntilClosed } from './close-connections.js';

describe('closeIdleConnectionsUntilClosed', () => {
  it('lets close() finish when a keep-alive request was still being answered at close()', async () => {
    let answer!: () => void;
    const server = http.createServer((_req, res) => {
      answer = () => res.end('ok');
    });
    server.keepAliveTimeout = 60_000; // the client's connection would otherwise stay open a minute
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const received = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const response = fetch(url).then((r) => r.text());
    await received;

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeIdleConnectionsUntilClosed(server);
    answer();
    expect(await response).toBe('ok');
    await closed; // the test's own timeout fails it if the connection kept the server open
    expect(server.listening).toBe(false);
  });
});
