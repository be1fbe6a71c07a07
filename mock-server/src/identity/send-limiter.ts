/**
 * Sends per phone number in a sliding window (one hour by default), like an SMS provider's quota.
 *
 * Limits: in memory only; a number's history is forgotten once all its sends are older than the
 * window, so the map holds only numbers used within the last window.
 */
export interface SendLimiter {
  /** Whether another send to `phoneNumber` is allowed now; does not record anything. */
  allows(phoneNumber: string): boolean;
  /** Records a send to `phoneNumber` now. */
  record(phoneNumber: string): void;
  clear(): void;
}

export function createSendLimiter(options: {
  now: () => number;
  max: number;
  windowMs: number;
}): SendLimiter {
  const sends = new Map<string, number[]>();

  /** The number's sends still inside the window, dropping older ones (and the number when none is left). */
  function recent(phoneNumber: string): number[] {
    const since = options.now() - options.windowMs;
    const kept = (sends.get(phoneNumber) ?? []).filter((at) => at > since);
    if (kept.length === 0) sends.delete(phoneNumber);
    else sends.set(phoneNumber, kept);
    return kept;
  }

  return {
    allows(phoneNumber) {
      return recent(phoneNumber).length < options.max;
    },
    record(phoneNumber) {
      sends.set(phoneNumber, [...recent(phoneNumber), options.now()]);
    },
    clear() {
      sends.clear();
    },
  };
}
