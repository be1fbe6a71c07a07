/**
 * The fetch every simulated visitor's backend is given (createLocalBackend's `fetch`): the platform's
 * fetch, with at most MAX_IN_FLIGHT requests of the whole benchmark in flight and one retry of a
 * request that a stale kept-alive connection cut before it left.
 */
import type { FetchLike } from '@chat/chat-client';

/**
 * A thousand visitors opening a thousand connections in the same instant overflow the server's listen
 * backlog (511), and the dropped SYNs come back as 10-second connect timeouts — a measurement of the
 * kernel, not of the server. Both servers are driven through the same limit.
 */
const MAX_IN_FLIGHT = 256;
let inFlight = 0;
const waiting: Array<() => void> = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
  inFlight += 1;
  try {
    return await task();
  } finally {
    inFlight -= 1;
    waiting.shift()?.();
  }
}

/**
 * A kept-alive connection the server closed as idle (Node's 5 s keep-alive timeout) can be reset just as
 * the next request goes out on it. Like a browser, the client then retries once on a new connection; the
 * request never reached the server (and a message write carries its id, so a second one is a no-op).
 */
function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

export const limitedFetch: FetchLike = (input, init) =>
  limited(async () => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (!isStaleConnection(error)) throw error;
      return fetch(input, init);
    }
  });
