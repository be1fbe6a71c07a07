/**
 * The benchmark's visitors (ChatSession over the local backend) against both servers it measures: every
 * reply arrives and is counted once, and what the session reports failed is counted as failed, not lost.
 */
import { CONTROL_CALL_HEADERS, CONTROL_ROUTES } from '@chat/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerKind, type ServerUnderTest } from './server-process.js';
import { runVisitors, type VisitorRunOptions } from './visitors.js';

const STREAMING = { STREAM_CHUNK_CHARS: '12', STREAM_INTERVAL_MS: '0' };
const LOAD: VisitorRunOptions = {
  visitors: 3,
  messagesPerVisitor: 2,
  replyTimeoutMs: 20_000,
  text: 'What are your opening hours?',
};

let server: ServerUnderTest | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function fail(operation: string, count: number): Promise<void> {
  const response = await fetch(server!.url + CONTROL_ROUTES.faults, {
    method: 'POST',
    headers: CONTROL_CALL_HEADERS,
    body: JSON.stringify({ operation, error: 500, count }),
  });
  expect(response.status).toBe(201);
}

describe('benchmark visitors', () => {
  it.each<ServerKind>(['product', 'floor'])('get every reply from the %s server, in full', async (kind) => {
    server = await startServer(kind, { env: STREAMING });
    const result = await runVisitors(server, LOAD);
    expect(result).toMatchObject({ completedReplies: 6, lost: 0, duplicated: 0, failedSends: 0 });
    expect(result.complete.p50).toBeGreaterThanOrEqual(result.firstCharacter.p50);
    expect(result.sampleReply.length).toBeGreaterThan(20);
  });

  it('count a message the server would not save, and a chat call it refused, as failed sends', async () => {
    server = await startServer('product', { env: STREAMING });
    await fail('data.addMessage', 1);
    await fail('chat', 2);
    const result = await runVisitors(server, LOAD);
    expect(result).toMatchObject({ completedReplies: 3, lost: 0, duplicated: 0, failedSends: 3 });
  });
});
