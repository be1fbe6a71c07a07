import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A 127.0.0.1 port nothing listens on (bound, then released): where a test points OPENAI_BASE_URL
 * for a model that is down. Connections to it are refused at once.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
