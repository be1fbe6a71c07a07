/**
 * Crash durability of the real server process with a data file: concurrent writes, `kill -9` in
 * the middle of them (and in the middle of a streaming reply), restart on the same file. Every
 * acknowledged message must be there exactly once, nothing may be there twice, and a reply cut
 * mid-stream must come back completed, not streaming. Bounded: at most WRITERS × PER_WRITER sends
 * on 127.0.0.1, and a minute per test.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_PATH, DATA_ROUTES } from '@chat/core';
import type { Conversation, Message } from '@chat/core';
import { call, subscribeOnce, useServerProcesses } from './testing/server-process.js';
import type { ServerProcess } from './testing/server-process.js';

const WRITERS = 12;
const PER_WRITER = 40;
/** The kill comes once this many sends were acknowledged: well inside the run. */
const KILL_AFTER = 150;

const servers = useServerProcesses('mock-crash-');
/** A server on this test's data file. */
const start = (env: Record<string, string>) => servers.start({ DATA_FILE: servers.dataFile, ...env });

async function createConversations(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call(url, 'POST', DATA_ROUTES.conversations, {
      businessId: 'bella-vista-salon',
      userId: null,
      userType: 'anonymous',
      isOutsideBusinessHours: false,
    });
    expect(created.status).toBe(201);
    ids.push((created.body as unknown as Conversation).id);
  }
  return ids;
}

/**
 * WRITERS concurrent loops of sends over `conversations`; `server` is killed with SIGKILL once
 * KILL_AFTER were acknowledged. Resolves with the texts that were acknowledged (201) per conversation.
 */
async function writeUntilKilled(
  server: ServerProcess,
  conversations: string[],
): Promise<Map<string, string[]>> {
  const acknowledged = new Map(conversations.map((id) => [id, [] as string[]]));
  let count = 0;
  const writer = async (w: number) => {
    for (let i = 0; i < PER_WRITER; i++) {
      const conversationId = conversations[(w + i) % conversations.length]!;
      const text = `writer ${w} message ${i}`;
      let status: number;
      try {
        status = (
          await call(server.url, 'POST', DATA_ROUTES.messages(conversationId), { role: 'user', text })
        ).status;
      } catch {
        return; // the server is gone: this send was not acknowledged
      }
      expect(status).toBe(201);
      acknowledged.get(conversationId)!.push(text);
      if (++count === KILL_AFTER) server.child.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  expect(await server.exited).toBe('SIGKILL');
  return acknowledged;
}

async function storedMessages(url: string, conversationId: string): Promise<Message[]> {
  const ack = await subscribeOnce(url, conversationId);
  if (!ack.ok) throw new Error(`subscribe failed: ${ack.error.message}`);
  return ack.messages.map((m) => m.message);
}

/** Every acknowledged text once, no text twice. */
function expectExactlyOnce(stored: Message[], acknowledged: string[]): void {
  const texts = stored.map((m) => m.text);
  expect(new Set(texts).size).toBe(texts.length);
  for (const text of acknowledged) expect(texts.filter((t) => t === text)).toHaveLength(1);
}

describe('kill -9 during concurrent writes', () => {
  it('keeps every acknowledged message exactly once after a restart', async () => {
    const first = await start({ STREAM_CHUNK_CHARS: '0' });
    const conversations = await createConversations(first.url, 4);
    const acknowledged = await writeUntilKilled(first, conversations);
    const total = [...acknowledged.values()].reduce((sum, texts) => sum + texts.length, 0);
    expect(total).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(total).toBeLessThan(WRITERS * PER_WRITER);

    const second = await start({ STREAM_CHUNK_CHARS: '0' });
    for (const id of conversations)
      expectExactlyOnce(await storedMessages(second.url, id), acknowledged.get(id)!);
  }, 60_000);

  it('completes a reply that was streaming when the process died, and resuming clients get the change', async () => {
    // One character every 30 ms: the hours reply takes seconds, so the kill lands mid-stream.
    const env = { STREAM_CHUNK_CHARS: '1', STREAM_INTERVAL_MS: '30' };
    const first = await start(env);
    const [chatId, ...others] = await createConversations(first.url, 3);
    const question = 'What are your hours?';
    expect(
      (await call(first.url, 'POST', DATA_ROUTES.messages(chatId!), { role: 'user', text: question })).status,
    ).toBe(201);
    const asked = await call(first.url, 'POST', CHAT_PATH, {
      message: question,
      conversationId: chatId,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
    });
    expect(asked.status).toBe(200);
    // Read the conversation until the reply has part of its text (each read is one round trip).
    let partial: Message | undefined;
    let lastSeqSeen = 0;
    const deadline = Date.now() + 20_000;
    while (!partial) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for a reply part-way streamed');
      const ack = await subscribeOnce(first.url, chatId!);
      const reply = ack.ok ? ack.messages.find((m) => m.message.role === 'model') : undefined;
      if (ack.ok && reply && reply.message.text.length >= 5) {
        partial = reply.message;
        lastSeqSeen = Math.max(...ack.messages.map((m) => m.seq));
      }
    }
    expect(partial!.streaming).toBe(true);

    const acknowledged = await writeUntilKilled(first, others);

    const second = await start({ STREAM_CHUNK_CHARS: '0' });
    const stored = await storedMessages(second.url, chatId!);
    const reply = stored.find((m) => m.id === partial!.id)!;
    expect(reply.streaming).toBeUndefined();
    // Ended as cut: the page offers 'Try again' for it (issue 27).
    expect(reply.cut).toBe(true);
    expect(reply.text.startsWith(partial!.text)).toBe(true);
    expect(stored.filter((m) => m.role === 'model')).toHaveLength(1);
    expect(second.output()).toContain('completed a reply that was still streaming');
    // A page that saw the partial reply resumes from its last seq and receives the completed one.
    const resumed = await subscribeOnce(second.url, chatId!, lastSeqSeen);
    expect(resumed.ok && resumed.messages.map((m) => [m.message.id, m.message.streaming])).toContainEqual([
      partial!.id,
      undefined,
    ]);
    for (const id of others) expectExactlyOnce(await storedMessages(second.url, id), acknowledged.get(id)!);
  }, 60_000);
});
