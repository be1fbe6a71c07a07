import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmartReply } from '@chat/core';
import { createCoalescedReply } from './coalesced-reply.js';
import type { ReplySink } from './coalesced-reply.js';

/**
 * A sink that records every write (each would be one Firestore write) with the (fake) time it
 * started; each write takes `delayMs`.
 */
function recordingSink(delayMs = 5) {
  const writes: Array<{ kind: string; text: string; at: number }> = [];
  const started = Date.now();
  const record = async (kind: string, text: string) => {
    writes.push({ kind, text, at: Date.now() - started });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  };
  const sink: ReplySink = {
    create: (text, end) =>
      record(end === null ? 'create-streaming' : end.cut ? 'create-cut' : 'create-complete', text),
    update: (text) => record('update', text),
    complete: (text, end) => record(end.cut ? 'cut' : 'complete', text),
  };
  return { sink, writes };
}

const REPLIES: SmartReply[] = [{ type: 'chat', text: 'Thanks' }];
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('a coalesced reply', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a reply complete before its first write once, whole', async () => {
    const { sink, writes } = recordingSink();
    const reply = createCoalescedReply(sink, { minWriteIntervalMs: 250 });
    reply.append('Hello ');
    reply.append('there.');
    const ended = reply.end({ cut: false, smartReplies: REPLIES });
    await tick(10);
    await ended;
    expect(writes).toEqual([{ kind: 'create-complete', text: 'Hello there.', at: expect.any(Number) }]);
  });

  it('stores 100 appends over a second in a few writes, at most one per interval, ending with the whole text', async () => {
    const { sink, writes } = recordingSink();
    const reply = createCoalescedReply(sink, { minWriteIntervalMs: 250 });
    const words = Array.from({ length: 100 }, (_, i) => `w${i} `);
    for (const word of words) {
      reply.append(word);
      await tick(10);
    }
    const ended = reply.end({ cut: false, smartReplies: REPLIES });
    await tick(300);
    await ended;

    expect(writes[0]).toMatchObject({ kind: 'create-streaming', text: 'w0 ' });
    expect(writes.at(-1)).toEqual({ kind: 'complete', text: words.join(''), at: expect.any(Number) });
    // A second of appends at one write per 250 ms: the first at once, an update every 250 ms, and
    // the final write as soon as the reply ends (after the 5 ms the update at 1000 ms takes).
    expect(writes.map((w) => [w.kind, w.at])).toEqual([
      ['create-streaming', 0],
      ['update', 250],
      ['update', 500],
      ['update', 750],
      ['update', 1000],
      ['complete', 1005],
    ]);
    for (let i = 1; i < writes.length; i++)
      expect(writes[i]!.text.startsWith(writes[i - 1]!.text)).toBe(true);
  });

  it('reports a failed write when it ends, and writes nothing after it', async () => {
    let calls = 0;
    const reply = createCoalescedReply(
      {
        create: async () => {
          calls += 1;
          throw new Error('firestore down');
        },
        update: async () => {
          calls += 1;
        },
        complete: async () => {
          calls += 1;
        },
      },
      { minWriteIntervalMs: 10 },
    );
    reply.append('a');
    await tick(20);
    reply.append('b');
    await tick(20);
    const ended = expect(reply.end({ cut: false, smartReplies: [] })).rejects.toThrow('firestore down');
    await tick(20);
    await ended;
    expect(calls).toBe(1);
  });

  it('ends a cut reply with what was written kept, and stores nothing appended after', async () => {
    const { sink, writes } = recordingSink();
    const reply = createCoalescedReply(sink, { minWriteIntervalMs: 250 });
    reply.append('We open at ');
    await tick(300);
    reply.append('9');
    const ended = reply.end({ cut: true });
    reply.append(' am.');
    await tick(300);
    await ended;
    expect(writes.map((w) => [w.kind, w.text])).toEqual([
      ['create-streaming', 'We open at '],
      ['cut', 'We open at 9'],
    ]);
  });

  it('writes the same text again when renewed, only once it has been created and not after the end', async () => {
    const { sink, writes } = recordingSink();
    const reply = createCoalescedReply(sink, { minWriteIntervalMs: 250 });
    reply.renew();
    await tick(300);
    expect(writes).toEqual([]);
    reply.append('Thinking');
    await tick(300);
    reply.renew();
    await tick(300);
    const ended = reply.end({ cut: false, smartReplies: [] });
    reply.renew();
    await tick(300);
    await ended;
    expect(writes.map((w) => [w.kind, w.text])).toEqual([
      ['create-streaming', 'Thinking'],
      ['update', 'Thinking'],
      ['complete', 'Thinking'],
    ]);
  });
});
