/**
 * One answer per question on Firestore (firestore-answered-turns.ts): the claims of a message's turn as
 * two calls, or two instances, make them. Runs in `npm run test:firestore`; skipped without emulators.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createFirestoreAnsweredTurns } from './firestore-answered-turns.js';
import { adminApp, clearFirestore, emulatorsRunning } from './testing/emulator-service.js';

/** A caller's options, and a promise that resolves once its claim has started to wait for another's. */
function caller() {
  const signal = new AbortController().signal;
  const listen = signal.addEventListener.bind(signal);
  const waiting = new Promise<void>((resolve) => {
    signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      listen(...args);
      resolve();
    }) as AbortSignal['addEventListener'];
  });
  return { options: { nowMs: Date.now(), waitMs: 30_000, withdrawn: signal }, waiting };
}

describe.skipIf(!emulatorsRunning)('AnsweredTurns on Firestore (issue 27: one answer per question)', () => {
  const { app, db } = emulatorsRunning ? adminApp() : ({} as ReturnType<typeof adminApp>);
  const turns = emulatorsRunning
    ? createFirestoreAnsweredTurns(db, (nowMs) => Timestamp.fromMillis(nowMs + 86_400_000), 15_000)
    : (null as never);
  beforeEach(() => clearFirestore());
  afterAll(async () => {
    const { deleteApp } = await import('firebase-admin/app');
    await deleteApp(app);
  });

  it('answers a caller that waited what the running attempt answered', async () => {
    expect(await turns.claim('c', 'm', caller().options)).toEqual({ run: true, attempt: 1 });
    const second = caller();
    const waited = turns.claim('c', 'm', second.options);
    await second.waiting;
    await turns.settle('c', 'm', 1, { state: 'answered', answer: { smartReplies: ['Hours?'] } });
    expect(await waited).toEqual({ run: false, answer: { smartReplies: ['Hours?'] } });
  });

  it('regression: runs the turn again for a caller that waited for an attempt that failed (its caller withdrew)', async () => {
    await turns.claim('c', 'm', caller().options);
    const second = caller();
    const third = caller();
    const waitingSecond = turns.claim('c', 'm', second.options);
    await second.waiting;
    // Before: the waiting caller was answered with the first call's failure, not its own.
    await turns.settle('c', 'm', 1, {
      state: 'failed',
      code: 'unavailable',
      message: 'The caller withdrew the request',
      status: 503,
    });
    expect(await waitingSecond).toEqual({ run: true, attempt: 2 });
    // A caller after it waits for that attempt, and is answered what it answered.
    const waitingThird = turns.claim('c', 'm', third.options);
    await third.waiting;
    await turns.settle('c', 'm', 2, { state: 'answered', answer: {} });
    expect(await waitingThird).toEqual({ run: false, answer: {} });
  });
});
