import { ProviderError } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { replyMessageId, TURN_LEASE_MS } from './answered-turns.js';
import { createMemoryAnsweredTurns } from './memory-answered-turns.js';

const options = (nowMs = 0) => ({ nowMs, waitMs: 1_000, withdrawn: new AbortController().signal });

describe('AnsweredTurns in memory (issue 27: one answer per question)', () => {
  it('lets the first caller run and answers the others what it answered, even while it runs', async () => {
    const turns = createMemoryAnsweredTurns();
    expect(await turns.claim('c', 'm', options())).toEqual({ run: true, attempt: 1 });
    const waiting = turns.claim('c', 'm', options());
    await turns.settle('c', 'm', 1, { state: 'answered', answer: { smartReplies: ['Hours?'] } });
    expect(await waiting).toEqual({ run: false, answer: { smartReplies: ['Hours?'] } });
    expect(await turns.claim('c', 'm', options())).toEqual({
      run: false,
      answer: { smartReplies: ['Hours?'] },
    });
    expect(await turns.claim('c', 'other', options())).toEqual({ run: true, attempt: 1 });
  });

  it('runs again a turn whose attempt failed: for one of the callers that waited for it, the others waiting for that one', async () => {
    const turns = createMemoryAnsweredTurns();
    await turns.claim('c', 'm', options());
    const first = turns.claim('c', 'm', options());
    const second = turns.claim('c', 'm', options());
    // The first attempt's caller withdrew (or its assistant failed): not the waiting callers' failure.
    await turns.settle('c', 'm', 1, {
      state: 'failed',
      code: 'unavailable',
      message: 'withdrawn',
      status: 503,
    });
    expect(await first).toEqual({ run: true, attempt: 2 });
    let secondSettled = false;
    void second.then(() => (secondSettled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondSettled).toBe(false);
    await turns.settle('c', 'm', 2, { state: 'answered', answer: { smartReplies: ['Hours?'] } });
    expect(await second).toEqual({ run: false, answer: { smartReplies: ['Hours?'] } });
    expect(await turns.claim('c', 'm', options())).toEqual({
      run: false,
      answer: { smartReplies: ['Hours?'] },
    });
  });

  it('runs again a turn that failed before the next caller came', async () => {
    const turns = createMemoryAnsweredTurns();
    await turns.claim('c', 'm', options());
    await turns.settle('c', 'm', 1, { state: 'failed', code: 'unavailable', message: 'down', status: 503 });
    expect(await turns.claim('c', 'm', options())).toEqual({ run: true, attempt: 2 });
  });

  it('runs again a turn whose claim outlived its lease (its instance died)', async () => {
    const turns = createMemoryAnsweredTurns();
    await turns.claim('c', 'm', options(0));
    expect(await turns.claim('c', 'm', options(TURN_LEASE_MS + 1))).toEqual({ run: true, attempt: 2 });
    // The dead attempt settling late changes nothing.
    await turns.settle('c', 'm', 1, { state: 'answered', answer: {} });
    const third = turns.claim('c', 'm', options(TURN_LEASE_MS + 2));
    await turns.settle('c', 'm', 2, { state: 'answered', answer: { smartReplies: ['x'] } });
    expect(await third).toEqual({ run: false, answer: { smartReplies: ['x'] } });
  });

  it('stops waiting when the caller withdraws', async () => {
    const turns = createMemoryAnsweredTurns();
    await turns.claim('c', 'm', options());
    const gone = new AbortController();
    const waiting = turns.claim('c', 'm', { nowMs: 0, waitMs: 1_000, withdrawn: gone.signal });
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(ProviderError);
  });

  it('derives one reply id per attempt, within the document id pattern', () => {
    const id = replyMessageId('c', 'x'.repeat(128), 1);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(replyMessageId('c', 'x'.repeat(128), 1)).toBe(id);
    expect(replyMessageId('c', 'x'.repeat(128), 2)).not.toBe(id);
    expect(replyMessageId('d', 'x'.repeat(128), 1)).not.toBe(id);
  });
});
