/**
 * The server's clock. Every timestamp the server writes (createdAt, updatedAt, expiredAt, code and
 * token expiry) comes from here, so the control API can move time for tests and demos.
 *
 * Limits: moving the clock backwards can give a later write an earlier timestamp than an earlier
 * write; message order within a conversation is still kept (see store/memory-store.ts).
 */
export interface Clock {
  /** The current time in epoch milliseconds. */
  now(): number;
}

export interface ControllableClock extends Clock {
  /** Moves the clock so that it reads `offsetMs` away from the real time (time keeps flowing). */
  setOffset(offsetMs: number): void;
  /** Moves the clock so that it reads `nowMs` now (time keeps flowing from there). */
  setNow(nowMs: number): void;
  /** Back to the real time. */
  restore(): void;
  /** The current distance from the real time, in milliseconds. */
  offsetMs(): number;
}

/** A clock that follows `base` (the real time by default) plus an adjustable offset. */
export function createControllableClock(base: () => number = Date.now): ControllableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    setOffset(offsetMs) {
      offset = offsetMs;
    },
    setNow(nowMs) {
      offset = nowMs - base();
    },
    restore() {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
