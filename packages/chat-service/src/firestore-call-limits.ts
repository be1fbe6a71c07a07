/**
 * Fair limits on chat calls shared by every instance of the service, kept in Firestore: one counter
 * document per visitor and per conversation, each counting the calls of a window that starts with
 * its first call (`calls`, `windowEndsAt`), taken in a transaction so that two instances never both
 * take the last call. A counter already full is refused from a plain read, before any transaction,
 * so a flood against one counter costs reads, never writes nor locks: a counter is written at most
 * `max` times per window, far below Firestore's ~1 write a second on one document.
 *
 * Document ids are a hash of the key, so no client address (personal data) is stored in clear.
 * Every document carries the TTL field `deleteAt` (core's TTL_FIELD) (its window's end + 2 days) for Firestore's TTL policy.
 * Clients have no access (firestore.rules: nothing matches `chatLimits`).
 */
import { TTL_FIELD } from '@chat/core';
import { createHash } from 'node:crypto';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
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

/** A call refused: the first full counter's kind, and how long until it has room again. */
export type CallRefusal = { ok: false; kind: CounterKind; retryAfterMs: number };

export type CallVerdict = { ok: true } | CallRefusal;

/** The counters as a plain read found them (no lock, nothing written). */
export interface CounterReading {
  /** The refusal when a counter was already full at the read: nothing is counted. Null when all had room. */
  full: CallRefusal | null;
  /**
   * Counts one call against every counter, all or none, in a transaction that reads them again (the
   * plain read may be stale): when any is full by then, none is counted and the verdict names it.
   */
  take(): Promise<CallVerdict>;
}

export interface CallLimits {
  /**
   * Reads the counters, so that a caller can start this read beside its others and count the call
   * (`take`) once it knows the call is one to count. A counter already full is refused from this
   * read: a flood costs reads, never writes nor locks.
   */
  read(counters: readonly Counter[]): Promise<CounterReading>;
}

/** One counter a call counts against: whose calls, keyed how, and its limit. */
export interface Counter {
  kind: CounterKind;
  key: string;
  limit: CallWindow;
}

/** The counter's document id: its kind and a hash of its key (no address stored in clear). */
export function counterId(kind: CounterKind, key: string): string {
  return `${kind}_${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export function createFirestoreCallLimits(db: Firestore, now: () => number = Date.now): CallLimits {
  const collection = db.collection(CALL_LIMITS_COLLECTION);
  /** Each counter's calls in its open window (0 when none is open), and when that window ends. */
  const windows = (counters: readonly Counter[], snapshots: DocumentSnapshot[], at: number) =>
    counters.map((counter, index) => {
      const snapshot = snapshots[index]!;
      const endsAt = snapshot.exists ? (snapshot.get('windowEndsAt') as Timestamp).toMillis() : 0;
      const open = endsAt > at;
      return {
        counter,
        calls: open ? Number(snapshot.get('calls') ?? 0) : 0,
        endsAt: open ? endsAt : at + counter.limit.windowMs,
      };
    });
  const refusal = (entries: ReturnType<typeof windows>, at: number): CallRefusal | null => {
    const full = entries.find((entry) => entry.calls >= entry.counter.limit.max);
    return full ? { ok: false, kind: full.counter.kind, retryAfterMs: full.endsAt - at } : null;
  };

  const nothingToCount: CounterReading = { full: null, take: async () => ({ ok: true }) };

  const read = async (counters: readonly Counter[]): Promise<CounterReading> => {
    if (counters.length === 0) return nothingToCount;
    const refs = counters.map((counter) => collection.doc(counterId(counter.kind, counter.key)));
    const seen = now();
    const full = refusal(windows(counters, await db.getAll(...refs), seen), seen);
    if (full) return { full, take: async () => full };
    return {
      full: null,
      take: () =>
        db.runTransaction(async (tx) => {
          const at = now();
          const entries = windows(counters, await tx.getAll(...refs), at);
          const refused = refusal(entries, at);
          if (refused) return refused;
          entries.forEach(({ counter, calls, endsAt }, index) => {
            tx.set(refs[index]!, {
              kind: counter.kind,
              calls: calls + 1,
              windowEndsAt: Timestamp.fromMillis(endsAt),
              [TTL_FIELD]: Timestamp.fromMillis(endsAt + COUNTER_KEEP_AFTER_MS),
            });
          });
          return { ok: true } as const;
        }),
    };
  };

  return { read };
}
