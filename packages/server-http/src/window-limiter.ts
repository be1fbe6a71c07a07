/**
 * A fixed-window request counter per key (a client address, a conversation id) that never holds more
 * than `maxKeys` keys: when full, windows that have ended are dropped first, then the oldest keys. A
 * key pushed out early only starts its count again, so memory stays bounded whatever the traffic; a
 * flood of distinct keys can at worst reset other keys' counts, never grow the process.
 *
 * Both chat servers count their clients with it (rate-limit.ts): synchronous and a Map lookup per
 * request, where express-rate-limit's awaits, validations and headers cost the mock server 8 % of
 * its write throughput (npm run bench -- --only=write: 0.69× the floor with it, 0.75× without).
 *
 * Limits: per instance. Cloud Run runs several, so a client may get up to `max` per instance; see
 * the README's "Rate limits" for what a deployment adds in front.
 */
export interface WindowLimiter {
  /** Counts one request for `key`: true when it is within the limit. */
  take(key: string): boolean;
  /** Milliseconds until `key`'s window ends (0 when it has none): how long a refused client waits. */
  waitMs(key: string): number;
  /** Forgets every count. */
  clear(): void;
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
    waitMs(key) {
      const window = windows.get(key);
      return window ? Math.max(0, window.endsAt - now()) : 0;
    },
    clear: () => windows.clear(),
    size: () => windows.size,
  };
}
