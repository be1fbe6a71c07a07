/**
 * Sends per phone number in a sliding window (one hour by default), like an SMS provider's quota.
 *
 * Limits: in memory only, and bounded by the numbers used within the last window: the map is kept
 * in order of each number's latest send (a send moves its number to the end), so every call first
 * drops, from the front, the numbers whose latest send has left the window — O(1) per call on
 * average, however many numbers were ever used.
 */
export interface SendLimiter {
  /** Whether another send to `phoneNumber` is allowed now; does not record anything. */
  allows(phoneNumber: string): boolean;
  /** Records a send to `phoneNumber` now. */
  record(phoneNumber: string): void;
  /** How many numbers are remembered (for tests of the bound). */
  size(): number;
  clear(): void;
}

export function createSendLimiter(options: {
  now: () => number;
  max: number;
  windowMs: number;
}): SendLimiter {
  /** number → its send times, oldest first; the map is ordered by each number's latest send. */
  const sends = new Map<string, number[]>();

  /** Drops the numbers whose every send is outside the window, from the front of the map. */
  function forgetOld(since: number): void {
    for (const [phoneNumber, times] of sends) {
      if (times[times.length - 1]! > since) break;
      sends.delete(phoneNumber);
    }
  }

  /** The number's sends still inside the window. */
  function recent(phoneNumber: string): number[] {
    const since = options.now() - options.windowMs;
    forgetOld(since);
    return (sends.get(phoneNumber) ?? []).filter((at) => at > since);
  }

  return {
    allows(phoneNumber) {
      return recent(phoneNumber).length < options.max;
    },
    record(phoneNumber) {
      const kept = recent(phoneNumber);
      sends.delete(phoneNumber);
      sends.set(phoneNumber, [...kept, options.now()]);
    },
    size() {
      forgetOld(options.now() - options.windowMs);
      return sends.size;
    },
    clear() {
      sends.clear();
    },
  };
}
