/**
 * Fair limits on chat calls shared by every instance of the service, kept in Firestore: one counter
 * document per visitor and per conversation, each counting the calls of a window that starts with
 * its first call (`calls`, `windowEndsAt`), taken in a transaction so that two instances never both
 * take the last call. A refused call writes nothing (the transaction only reads), so a flood against
 * one counter costs reads, never writes: a counter is written at most `max` times per window, far
 * below Firestore's ~1 write a second on one document.
 *
 * Document ids are a hash of the key, so no client address (personal data) is stored in clear.
 * Every document carries `expireAt` (its window's end + 2 days) for Firestore's TTL policy.
 * Clients have no access (firestore.rules: nothing matches `chatLimits`).
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';

export const CALL_LIMITS_COLLECTION = 'chatLimits';

/** How long a counter outlives its window before the TTL policy may delete it. */
export const COUNTER_KEEP_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/** A limit of `max` calls per `windowMs`, counted from the first call of the window. */
export interface CallWindow {
  max: number;
  windowMs: number;
}

/** Whose calls a counter counts: a visitor (uid or client address) or a conversation. */
export type CounterKind = 'visitor' | 'conversation';

export type CallVerdict = { ok: true } | { ok: false; kind: CounterKind; retryAfterMs: number };

export interface CallLimits {
  /**
   * Counts one call against every counter given, all or none: when any of them is full, none is
   * counted and the verdict names the first full one and how long until it has room again.
   */
  take(counters: readonly { kind: CounterKind; key: string; limit: CallWindow }[]): Promise<CallVerdict>;
}

/** The counter's document id: its kind and a hash of its key (no address stored in clear). */
export function counterId(kind: CounterKind, key: string): string {
  return `${kind}_${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export function createFirestoreCallLimits(db: Firestore, now: () => number = Date.now): CallLimits {
  const collection = db.collection(CALL_LIMITS_COLLECTION);
  return {
    take(counters) {
      const refs = counters.map((counter) => collection.doc(counterId(counter.kind, counter.key)));
      return db.runTransaction(async (tx) => {
        const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
        const at = now();
        const next = counters.map((counter, index) => {
          const snapshot = snapshots[index]!;
          const endsAt = snapshot.exists ? (snapshot.get('windowEndsAt') as Timestamp).toMillis() : 0;
          const open = endsAt > at;
          const calls = open ? Number(snapshot.get('calls') ?? 0) : 0;
          return { counter, ref: refs[index]!, calls, endsAt: open ? endsAt : at + counter.limit.windowMs };
        });
        const full = next.find((entry) => entry.calls >= entry.counter.limit.max);
        if (full) return { ok: false, kind: full.counter.kind, retryAfterMs: full.endsAt - at };
        for (const { counter, ref, calls, endsAt } of next) {
          tx.set(ref, {
            kind: counter.kind,
            calls: calls + 1,
            windowEndsAt: Timestamp.fromMillis(endsAt),
            expireAt: Timestamp.fromMillis(endsAt + COUNTER_KEEP_AFTER_MS),
          });
        }
        return { ok: true };
      });
    },
  };
}
