import { ProviderError } from '@chat/core';

/**
 * When to try a failed file step again (a compaction, opening the data file for writing): not on
 * every write — on a full disk each attempt would rewrite the whole store and fail again — but after
 * a delay that doubles with every failure, up to a cap, and at once again after a success.
 */
export interface RetryBackoff {
  /** Failures in a row so far (0 after a success). */
  readonly failures: number;
  /** Why the last attempt failed, or null after a success. */
  readonly lastError: string | null;
  /** Whether an attempt may be made now. */
  due(): boolean;
  /** Records a failure; returns the milliseconds until the next attempt is due. */
  failed(reason: string): number;
  succeeded(): void;
  /** Milliseconds until the next attempt is due (0 when due), or null when nothing failed. */
  nextAttemptInMs(): number | null;
}

export interface RetryBackoffOptions {
  /** A monotonic clock in milliseconds (not the store's controllable clock, which staff can move). */
  now: () => number;
  /** The delay after the first failure. */
  firstMs: number;
  /** The longest delay. */
  maxMs: number;
}

export function createRetryBackoff({ now, firstMs, maxMs }: RetryBackoffOptions): RetryBackoff {
  let failures = 0;
  let lastError: string | null = null;
  let dueAt = 0;
  return {
    get failures() {
      return failures;
    },
    get lastError() {
      return lastError;
    },
    due: () => now() >= dueAt,
    failed(reason) {
      failures += 1;
      lastError = reason;
      const delay = Math.min(maxMs, firstMs * 2 ** Math.min(failures - 1, 30));
      dueAt = now() + delay;
      return delay;
    },
    succeeded() {
      failures = 0;
      lastError = null;
      dueAt = 0;
    },
    nextAttemptInMs: () => (failures === 0 ? null : Math.max(0, dueAt - now())),
  };
}

/** The reason a file step failed, as the log and the 503 name it: the error code (ENOSPC) or the message. */
export function failureReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** The 503 for a write the data file refused (`reason`: failureReason's, or why the store is read-only). */
export function refuseWrite(reason: string, what = 'nothing was stored'): never {
  throw new ProviderError(
    'unavailable',
    `The data file cannot be written (${reason}); ${what}. Try again later.`,
  );
}
