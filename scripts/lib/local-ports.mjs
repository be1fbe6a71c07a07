// Free ports on 127.0.0.1 and waiting for a local server to answer. Node built-ins only.
import { createServer } from 'node:net';

/** A port that was free a moment ago (the OS picks it). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `url` answers with a status below 500 (and, when given, a body `check` accepts). */
export async function answers(url, check) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    if (response.status >= 500) return false;
    return check ? check(await response.text()) : true;
  } catch {
    return false;
  }
}

/**
 * Waits until every URL answers. Rejects when `failed()` returns a reason (the server exited) or after
 * `timeoutMs`.
 */
export async function waitUntilAnswering(urls, { timeoutMs, failed = () => null, check } = {}) {
  const started = Date.now();
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${urls.join(', ')} did not answer within ${timeoutMs / 1000} s`);
    }
    if ((await Promise.all(urls.map((url) => answers(url, check)))).every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
