/**
 * AnsweredTurns in process memory: the mock server's (one process, like its assistant memory; its
 * claims are gone after a restart). At most `maxEntries` claims are kept, the oldest settled ones
 * dropped first, so a long demo cannot grow memory without bound.
 */
import { ProviderError } from '@chat/core';
import type { AnsweredTurns, TurnOutcome } from './answered-turns.js';
import { leaseExpired } from './answered-turns.js';

interface Entry {
  attempt: number;
  startedAtMs: number;
  outcome: TurnOutcome | null;
  /** Resolves when the running attempt settles. */
  settled: Promise<TurnOutcome>;
  resolve(outcome: TurnOutcome): void;
}

function running(attempt: number, startedAtMs: number): Entry {
  let resolve!: (outcome: TurnOutcome) => void;
  const settled = new Promise<TurnOutcome>((r) => (resolve = r));
  return { attempt, startedAtMs, outcome: null, settled, resolve };
}

export function createMemoryAnsweredTurns({ maxEntries = 10_000 } = {}): AnsweredTurns & {
  /** Forgets every claim (the mock server's reset). */
  clear(): void;
} {
  const entries = new Map<string, Entry>();
  const keyOf = (conversationId: string, messageId: string) => `${conversationId}/${messageId}`;

  function prune(): void {
    if (entries.size <= maxEntries) return;
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries) return;
      if (entry.outcome) entries.delete(key);
    }
  }

  const claim: AnsweredTurns['claim'] = async (conversationId, messageId, { nowMs, waitMs, withdrawn }) => {
    const key = keyOf(conversationId, messageId);
    const entry = entries.get(key);
    if (
      !entry ||
      entry.outcome?.state === 'failed' ||
      (!entry.outcome && leaseExpired(entry.startedAtMs, nowMs))
    ) {
      const attempt = (entry?.attempt ?? 0) + 1;
      entries.delete(key);
      entries.set(key, running(attempt, nowMs));
      prune();
      return { run: true, attempt };
    }
    if (entry.outcome) return { run: false, answer: entry.outcome.answer };
    const waitedFrom = Date.now();
    const outcome = await new Promise<TurnOutcome>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ProviderError('unavailable', 'The turn answering this message is still running')),
        waitMs,
      );
      const onWithdrawn = () => reject(new ProviderError('unavailable', 'The caller withdrew the request'));
      withdrawn.addEventListener('abort', onWithdrawn, { once: true });
      void entry.settled.then((settled) => {
        clearTimeout(timer);
        withdrawn.removeEventListener('abort', onWithdrawn);
        resolve(settled);
      });
    });
    if (outcome.state === 'answered') return { run: false, answer: outcome.answer };
    // The attempt failed: claimed again (AnsweredTurns), so one waiting caller runs a new attempt.
    return claim(conversationId, messageId, { nowMs: nowMs + (Date.now() - waitedFrom), waitMs, withdrawn });
  };

  return {
    claim,
    async settle(conversationId, messageId, attempt, outcome) {
      const entry = entries.get(keyOf(conversationId, messageId));
      if (!entry || entry.attempt !== attempt || entry.outcome) return;
      entry.outcome = outcome;
      entry.resolve(outcome);
    },
    clear() {
      entries.clear();
    },
  };
}
