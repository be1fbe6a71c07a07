/**
 * A fixed-window request counter per key (a client address, a conversation id) that never holds more
 * than `maxKeys` keys: when full, windows that have ended are dropped first, then the oldest keys. A
 * key pushed out early only starts its count again, so memory stays bounded whatever the traffic; a
 * flood of distinct keys can at worst reset other keys' counts, never grow the process.
 *
 * Limits: per instance. Cloud Run runs several, so a client may get up to `max` per instance; see
 * the README's "Rate limits" for what a deployment adds in front.
 */
export interface WindowLimiter {
  /** Counts one request for `key`: true when it is within the limit. */
  take(key: string): boolean;
  /** Keys held now (for tests and logs). */
  size(): number;
}

export interface WindowLimiterOptions {
  windowMs: number;
  /** Requests per window and key. */
  max: number;
  /** The most keys held at once. */
  maxKeys: number;
  now?: () => number;
}

export function createWindowLimiter({
  windowMs,
  max,
  maxKeys,
  now = Date.now,
}: WindowLimiterOptions): WindowLimiter {
  // Insertion order is the age order: a key is re-inserted when its window starts again.
  const windows = new Map<string, { count: number; endsAt: number }>();

  function makeRoom(at: number) {
    for (const [key, window] of windows) {
      if (windows.size < maxKeys) return;
      if (window.endsAt <= at) windows.delete(key);
    }
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) return;
      windows.delete(key);
    }
  }

  return {
    take(key) {
      const at = now();
      const current = windows.get(key);
      if (current && current.endsAt > at) {
        current.count += 1;
        return current.count <= max;
      }
      windows.delete(key);
      makeRoom(at);
      windows.set(key, { count: 1, endsAt: at + windowMs });
      return 1 <= max;
    },
    size: () => windows.size,
  };
}
