/**
 * The write path under HTTP load: autocannon (its own connection pool, in this process — never the
 * server's) POSTs user messages to one conversation with a fixed number of connections for a fixed time,
 * against the mock server and against the floor server, one after the other.
 */
import autocannon from 'autocannon';
import { createConversation, messageWrites } from './conversation-setup.js';
import type { ServerUnderTest } from './server-process.js';

export interface WritePathResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export async function loadWritePath(
  server: ServerUnderTest,
  connections: number,
  seconds: number,
): Promise<WritePathResult> {
  const conversationId = await createConversation(server.url);
  const options = {
    ...messageWrites(server.url, conversationId, 'Do you have a table for two tonight?'),
    connections,
  };
  // Warm-up (JIT, connection set-up), then the measured run.
  await autocannon({ ...options, duration: Math.max(1, Math.round(seconds / 3)) });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
