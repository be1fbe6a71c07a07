/**
 * A TCP relay between the page and the Firestore emulator that a journey can cut, as a network failure
 * would: open connections are destroyed and new ones refused until it is restored (the relay stops
 * listening, then listens again on the same port) — while the browser
 * itself stays online, so what the page shows ('Reconnecting…') comes from Firestore's own stream state
 * and not from the browser's offline event. The tests run in a worker and the relay in the global setup's
 * process, so it is driven over HTTP: POST {controlUrl}/cut and POST {controlUrl}/restore.
 */
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { listenOnLoopback } from './loopback-server.js';

export interface CuttableProxy {
  /** host:port the page connects to instead of the emulator's. */
  hostPort: string;
  /** Where the journeys cut and restore it. */
  controlUrl: string;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const [host, port] = [
    target.slice(0, target.lastIndexOf(':')),
    Number(target.slice(target.lastIndexOf(':') + 1)),
  ];
  const open = new Set<Socket>();

  const relay = createServer((client) => {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      // One side failing ends both; errors here are the cut itself or the page going away.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, '127.0.0.1', () => resolve());
  });
  const relayPort = (relay.address() as { port: number }).port;

  const control = await listenOnLoopback(
    createHttpServer((request, response) => {
      if (request.method === 'POST' && (request.url === '/cut' || request.url === '/restore')) {
        if (request.url === '/cut') {
          // Not listening at all: a reconnection attempt is refused at once, as an unreachable host is.
          relay.close();
          for (const socket of open) socket.destroy();
          response.writeHead(204).end();
        } else {
          relay.listen(relayPort, '127.0.0.1', () => response.writeHead(204).end());
        }
        return;
      }
      response.writeHead(404).end();
    }),
  );

  return {
    hostPort: `127.0.0.1:${relayPort}`,
    controlUrl: control.origin,
    async close() {
      for (const socket of open) socket.destroy();
      if (relay.listening) await new Promise<void>((resolve) => relay.close(() => resolve()));
      await control.close();
    },
  };
}
