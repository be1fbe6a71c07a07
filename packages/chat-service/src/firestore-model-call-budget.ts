/**
 * The language-model assistant's daily budget of model calls per business (ModelCallBudget of
 * @chat/llm-assistant), kept in Firestore so that it holds across instances and restarts: one
 * document per business and UTC day, `assistantModelCalls/{businessId}_{YYYY-MM-DD}` with `calls`,
 * counted in a transaction so two instances never both take the last call.
 *
 * Limits: Firestore sustains about one write a second on one document; a business's bursts above
 * that make transactions retry (slower replies), not miscount. Each day's document carries the TTL field
 * `deleteAt` (core's TTL_FIELD), a week after its day: the TTL policy on it (firestore.indexes.json)
 * deletes old days. Clients have no access (firestore.rules).
 */
import { TTL_FIELD } from '@chat/core';
import type { ModelCallBudget } from '@chat/llm-assistant';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';

export const MODEL_CALLS_COLLECTION = 'assistantModelCalls';

/** How long a day's count is kept after its day begins (the TTL field). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export function createFirestoreModelCallBudget(db: Firestore): ModelCallBudget {
  return {
    take(businessId, day, limit) {
      const ref = db.collection(MODEL_CALLS_COLLECTION).doc(`${businessId}_${day}`);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const calls = snapshot.exists ? Number(snapshot.get('calls') ?? 0) : 0;
        if (calls >= limit) return false;
        tx.set(ref, {
          businessId,
          day,
          calls: calls + 1,
          [TTL_FIELD]: Timestamp.fromMillis(Date.parse(`${day}T00:00:00Z`) + KEEP_MS),
        });
        return true;
      });
    },
  };
}
