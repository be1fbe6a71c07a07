/**
 * The AnsweredTurns contract (one answer per question, issue 27), run against each implementation:
 * in memory (the mock server's, memory-answered-turns.test.ts) and on Firestore (the production chat
 * service's, on the emulator). Each test uses a conversation id of its own, so a store need not be
 * emptied between them.
 */
import { randomUUID } from 'node:crypto';
import { ProviderError } from '@chat/core';
import { describe, expect, it } from 'vitest';
import type { AnsweredTurns } from '../answered-turns.js';

/** A caller's claim options, and a promise that resolves once its claim has begun to wait for another's. */
export function waitingCaller(nowMs = Date.now()) {
  const gone = new AbortController();
  const { signal } = gone;
  const listen = signal.addEventListener.bind(signal);
  const waiting = new Promise<void>((resolve) => {
    // Both implementations listen for the caller's withdrawal exactly when they start to wait.
    signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      listen(...args);
      resolve();
    }) as AbortSignal['addEventListener'];
  });
  return { options: { nowMs, waitMs: 30_000, withdrawn: signal }, waiting, withdraw: () => gone.abort() };
}

export function describeAnsweredTurnsContract(name: string, makeTurns: () => AnsweredTurns): void {
  describe(`AnsweredTurns contract: ${name}`, () => {
    const conversation = () => `turns-contract-${randomUUID()}`;

    it('lets the first caller run and answers the others what it answered, even while it runs', async () => {
      const turns = makeTurns();
      const c = conversation();
      expect(await turns.claim(c, 'm', waitingCaller().options)).toEqual({ run: true, attempt: 1 });
      const second = waitingCaller();
      const waited = turns.claim(c, 'm', second.options);
      await second.waiting;
      await turns.settle(c, 'm', 1, { state: 'answered', answer: { smartReplies: ['Hours?'] } });
      expect(await waited).toEqual({ run: false, answer: { smartReplies: ['Hours?'] } });
      expect(await turns.claim(c, 'm', waitingCaller().options)).toEqual({
        run: false,
        answer: { smartReplies: ['Hours?'] },
      });
      expect(await turns.claim(c, 'other', waitingCaller().options)).toEqual({ run: true, attempt: 1 });
    });

    it('runs again a turn that failed before the next caller came', async () => {
      const turns = makeTurns();
      const c = conversation();
      await turns.claim(c, 'm', waitingCaller().options);
      await turns.settle(c, 'm', 1, { state: 'failed', code: 'unavailable', message: 'down', status: 503 });
      expect(await turns.claim(c, 'm', waitingCaller().options)).toEqual({ run: true, attempt: 2 });
    });

    it('regression: runs the turn again for a caller that waited for an attempt that failed, the next caller waiting for that one', async () => {
      const turns = makeTurns();
      const c = conversation();
      await turns.claim(c, 'm', waitingCaller().options);
      const second = waitingCaller();
      const waitingSecond = turns.claim(c, 'm', second.options);
      await second.waiting;
      // The first call was withdrawn (a save that timed out, a reload): its failure, not the waiting
      // caller's. Before, the waiting caller was answered with it.
      await turns.settle(c, 'm', 1, {
        state: 'failed',
        code: 'unavailable',
        message: 'The caller withdrew the request',
        status: 503,
      });
      expect(await waitingSecond).toEqual({ run: true, attempt: 2 });
      const third = waitingCaller();
      const waitingThird = turns.claim(c, 'm', third.options);
      await third.waiting;
      await turns.settle(c, 'm', 2, { state: 'answered', answer: {} });
      expect(await waitingThird).toEqual({ run: false, answer: {} });
    });

    it('stops waiting when the caller withdraws', async () => {
      const turns = makeTurns();
      const c = conversation();
      await turns.claim(c, 'm', waitingCaller().options);
      const second = waitingCaller();
      const waited = turns.claim(c, 'm', second.options);
      await second.waiting;
      second.withdraw();
      await expect(waited).rejects.toBeInstanceOf(ProviderError);
    });
  });
}
