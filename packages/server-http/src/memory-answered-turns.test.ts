import { describe, expect, it } from 'vitest';
import { replyMessageId, TURN_LEASE_MS } from './answered-turns.js';
import { createMemoryAnsweredTurns } from './memory-answered-turns.js';
import { describeAnsweredTurnsContract } from './testing/answered-turns-contract.js';

describeAnsweredTurnsContract('in memory', () => createMemoryAnsweredTurns());

const options = (nowMs = 0) => ({ nowMs, waitMs: 1_000, withdrawn: new AbortController().signal });

describe('AnsweredTurns in memory: the lease, the reply ids', () => {
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

  it('derives one reply id per attempt, within the document id pattern', () => {
    const id = replyMessageId('c', 'x'.repeat(128), 1);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(replyMessageId('c', 'x'.repeat(128), 1)).toBe(id);
    expect(replyMessageId('c', 'x'.repeat(128), 2)).not.toBe(id);
    expect(replyMessageId('d', 'x'.repeat(128), 1)).not.toBe(id);
  });
});
