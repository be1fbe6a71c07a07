import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { MessageChange } from '../store/memory-store.js';
import { createMemoryStore } from '../store/memory-store.js';
import { loadFixtures } from '../store/fixtures.js';
import { createControllableClock } from '../clock.js';
import { createReplyStreamer } from './reply-streamer.js';

const logger = pino({ level: 'silent' });

function setUp(chunkChars: number, intervalMs = 0) {
  const store = createMemoryStore({
    businesses: loadFixtures().businesses,
    clock: createControllableClock(),
    logger,
  });
  const { id } = store.createConversation({
    businessId: 'bella-vista-salon',
    userId: null,
    userType: 'anonymous',
    contextType: 'enduser',
    isOutsideBusinessHours: false,
  });
  const changes: MessageChange[] = [];
  store.onMessage((change) => changes.push(change));
  return { store, id, changes, streamer: createReplyStreamer(store, { chunkChars, intervalMs }, logger) };
}

describe('reply streamer', () => {
  it('grows one message chunk by chunk, each change with a new sequence number', async () => {
    const { store, id, changes, streamer } = setUp(4);
    const text = 'Hello **there**, we open at 9 🙂!';
    const smartReplies = [{ type: 'chat', text: 'Thanks' }];
    const { created, done } = streamer.start(id, { text, smartReplies });
    expect(created.message).toMatchObject({ role: 'model', text: 'Hell', streaming: true });
    await done;
    const messages = store.messages(id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({ ...created.message, text, smartReplies, streaming: undefined });
    expect('streaming' in messages[0]!).toBe(false);
    const texts = changes.map((c) => c.message.text);
    expect(texts.length).toBe(Math.ceil(Array.from(text).length / 4));
    // Every step is a prefix of the next, and no chunk splits the emoji's surrogate pair.
    texts.forEach((t, i) => i > 0 && expect(t.startsWith(texts[i - 1]!)).toBe(true));
    expect(texts.every((t) => !/[\uD800-\uDBFF]$/.test(t))).toBe(true);
    expect(changes.map((c) => c.seq)).toEqual([...changes.map((c) => c.seq)].sort((a, b) => a - b));
    expect(new Set(changes.map((c) => c.seq)).size).toBe(changes.length);
    expect(changes.slice(0, -1).every((c) => c.message.streaming === true)).toBe(true);
  });

  it('writes the reply whole when streaming is off or the reply fits one chunk', async () => {
    for (const [chunkChars, text] of [
      [0, 'a long reply that is not split'],
      [50, 'short'],
    ] as const) {
      const { store, id, changes, streamer } = setUp(chunkChars);
      await streamer.start(id, { text }).done;
      expect(changes).toHaveLength(1);
      expect(store.messages(id)[0]).toMatchObject({ text });
      expect(store.messages(id)[0]!.streaming).toBeUndefined();
    }
  });

  it('flush completes every unfinished reply at once', async () => {
    const { store, id, streamer } = setUp(2, 60_000);
    const { done } = streamer.start(id, { text: 'abcdefghij' });
    expect(store.messages(id)[0]!.text).toBe('ab');
    streamer.flush();
    await done;
    expect(store.messages(id)[0]).toMatchObject({ text: 'abcdefghij' });
    expect(store.messages(id)[0]!.streaming).toBeUndefined();
  });

  it('cancelAll stops replies where they are; a reset conversation stops its reply quietly', async () => {
    const first = setUp(2, 60_000);
    const { done } = first.streamer.start(first.id, { text: 'abcdefghij' });
    first.streamer.cancelAll();
    await done;
    expect(first.store.messages(first.id)[0]).toMatchObject({ text: 'ab', streaming: true });

    const second = setUp(2, 1);
    const started = second.streamer.start(second.id, { text: 'abcdefghij' });
    second.store.reset();
    await started.done;
    expect(second.store.getConversation(second.id)).toBeNull();
  });
});
