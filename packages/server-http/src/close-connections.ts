/**
 * `server.close()` waits for every open connection, and a keep-alive connection whose answer was still
 * being sent when close() was called stays open once idle (Node closes only the connections idle at
 * that moment). Without this, a shutdown with a request in flight waits for the client's keep-alive to
 * lapse — past the process's deadline. Like Go's http.Server.Shutdown, idle connections are closed
 * again every 100 ms until the server has closed.
 */
import type { Server } from 'node:http';

export function closeIdleConnectionsUntilClosed(server: Server): void {
  server.closeIdleConnections();
  const timer = setInterval(() => server.closeIdleConnections(), 100);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
