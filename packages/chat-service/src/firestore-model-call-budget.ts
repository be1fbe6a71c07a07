/**
 * The language-model assistant's daily budget per business (ModelCallBudget of @chat/llm-assistant):
 * model calls AND output tokens, kept in Firestore so that it holds across instances and restarts.
 *
 * Every visitor of a business counts on the same budget, so one document would meet Firestore's
 * sustained limit of about one write a second on a document at a busy hour. The day's count is
 * therefore spread over `shards` documents, `assistantModelCalls/{businessId}_{YYYY-MM-DD}_{n}`, each
 * with `calls` and `outputTokens`: a call reads them all (one batched read), and when both sums are
 * under their limits adds 1 to one shard picked at random (an atomic increment, no transaction), so
 * the budget takes about `shards` writes a second. The counts are exact; the limit can be overshot by
 * the calls that were checking at the same moment (a few at most), never by more.
 *
 * Every document carries the TTL field `deleteAt` (core's TTL_FIELD) (the day's end + 2 days) for Firestore's TTL policy. Clients
 * have no access (firestore.rules).
 */
import { TTL_FIELD } from '@chat/core';
import type { ModelCallBudget } from '@chat/llm-assistant';
import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { COUNTER_KEEP_AFTER_MS } from './firestore-call-limits.js';

export const MODEL_CALLS_COLLECTION = 'assistantModelCalls';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BudgetOptions {
  /** Output tokens one business's replies may take in a UTC day (the calls' limit comes per call). */
  outputTokensPerDay: number;
  /** Documents the day's count is spread over (about one write a second each, sustained). */
  shards: number;
  /** Picks a shard; Math.random by default. */
  random?: () => number;
}

export function createFirestoreModelCallBudget(db: Firestore, options: BudgetOptions): ModelCallBudget {
  const { outputTokensPerDay, shards } = options;
  const random = options.random ?? Math.random;
  const collection = db.collection(MODEL_CALLS_COLLECTION);
  const anyShard = (businessId: string, day: string) =>
    collection.doc(`${businessId}_${day}_${Math.floor(random() * shards) % shards}`);
  const add = (businessId: string, day: string, counts: { calls?: number; outputTokens?: number }) =>
    anyShard(businessId, day).set(
      {
        businessId,
        day,
        ...(counts.calls ? { calls: FieldValue.increment(counts.calls) } : {}),
        ...(counts.outputTokens ? { outputTokens: FieldValue.increment(counts.outputTokens) } : {}),
        [TTL_FIELD]: Timestamp.fromMillis(Date.parse(`${day}T00:00:00Z`) + DAY_MS + COUNTER_KEEP_AFTER_MS),
      },
      { merge: true },
    );

  return {
    async take(businessId, day, limit) {
      const used = await businessUse(db, businessId, day, shards);
      if (used.calls >= limit || used.outputTokens >= outputTokensPerDay) return false;
      await add(businessId, day, { calls: 1 });
      return true;
    },
    async spend(businessId, day, outputTokens) {
      if (outputTokens > 0) await add(businessId, day, { outputTokens });
    },
  };
}

/** The day's model calls and output tokens of a business, summed over its shards (one batched read). */
export async function businessUse(
  db: Firestore,
  businessId: string,
  day: string,
  shards: number,
): Promise<{ calls: number; outputTokens: number }> {
  const collection = db.collection(MODEL_CALLS_COLLECTION);
  const snapshots = await db.getAll(
    ...Array.from({ length: shards }, (_, n) => collection.doc(`${businessId}_${day}_${n}`)),
  );
  let calls = 0;
  let outputTokens = 0;
  for (const snapshot of snapshots) {
    if (!snapshot.exists) continue;
    calls += Number(snapshot.get('calls') ?? 0);
    outputTokens += Number(snapshot.get('outputTokens') ?? 0);
  }
  return { calls, outputTokens };
}
