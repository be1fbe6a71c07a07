/**
 * The server's clock. Every timestamp the server writes (createdAt, updatedAt, expiredAt, code and
 * token expiry) comes from here, so the control API can move time for tests and demos.
 *
 * The clock can only be moved to a reading in CLOCK_RANGE: stored times are non-negative epoch
 * milliseconds, and a reading far in the future would give timestamps that are no valid date (or
 * that the data file's own reader refuses). A move outside the range throws and changes nothing.
 *
 * Limits: moving the clock backwards can give a later write an earlier timestamp than an earlier
 * write; message order within a conversation is still kept (see store/memory-store.ts). Time keeps
 * flowing from the reading set, so after centuries a clock set to the very end of the range would
 * pass it; every timestamp the server derives (now + 24 h and the like) stays a valid date anyway.
 */
import { ProviderError } from '@chat/core';

/**
 * The readings the clock may be moved to, in epoch milliseconds: from 1970-01-01T00:00:00.000Z
 * (stored times are non-negative) to 9999-12-31T23:59:59.999Z (the last four-digit year, as far as
 * `{ now }` can name; dates stay valid far beyond it, so now + any lifetime is still a date).
 */
export const CLOCK_RANGE = { min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

export interface Clock {
  /** The current time in epoch milliseconds. */
  now(): number;
}

export interface ControllableClock extends Clock {
  /**
   * Moves the clock so that it reads `offsetMs` away from the real time (time keeps flowing).
   * Throws ProviderError('invalid-argument') naming offsetMs when the reading would leave CLOCK_RANGE.
   */
  setOffset(offsetMs: number): void;
  /**
   * Moves the clock so that it reads `nowMs` now (time keeps flowing from there). Throws
   * ProviderError('invalid-argument') naming now when `nowMs` is outside CLOCK_RANGE.
   */
  setNow(nowMs: number): void;
  /** Back to the real time. */
  restore(): void;
  /** The current distance from the real time, in milliseconds. */
  offsetMs(): number;
}

const shown = (ms: number) => new Date(ms).toISOString();

const inRange = (reading: number) =>
  Number.isSafeInteger(reading) && reading >= CLOCK_RANGE.min && reading <= CLOCK_RANGE.max;
const RANGE = `the clock must read between ${shown(CLOCK_RANGE.min)} and ${shown(CLOCK_RANGE.max)}`;

/** A clock that follows `base` (the real time by default) plus an adjustable offset. */
export function createControllableClock(base: () => number = Date.now): ControllableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    setOffset(offsetMs) {
      if (!inRange(base() + offsetMs)) {
        throw new ProviderError(
          'invalid-argument',
          `offsetMs: ${offsetMs} would move the clock out of range; ${RANGE}`,
        );
      }
      offset = offsetMs;
    },
    setNow(nowMs) {
      if (!inRange(nowMs)) {
        const date = new Date(nowMs);
        const what = Number.isNaN(date.getTime())
          ? 'not a valid date'
          : `${date.toISOString()} is out of range`;
        throw new ProviderError('invalid-argument', `now: ${what}; ${RANGE}`);
      }
      offset = nowMs - base();
    },
    restore() {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
