/**
 * The session's idea of its connection, learned from its own requests as TanStack Query's
 * onlineManager does: it starts connected, is lost when a request gets no answer at all
 * (ProviderError.unreachable), and is back when one is answered. The browser's `navigator.onLine` is
 * never asked — it is false on a laptop with Wi-Fi off whose page and server are both on localhost, and
 * Chrome misreports it elsewhere too (issue 28). The runtime's hint that the network is back (the page:
 * the `online` event) only makes the next attempt come sooner.
 */
import type { ConnectionHints } from './chat-session-api.js';

/** Pauses between attempts while the connection is lost: soon at first, then every 10 s. */
export const RECONNECT_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000];

/**
 * Resolves when it is worth trying a request that got no answer again: after the pause for attempt
 * number `attempt` (0 first), or at once when the runtime hints the network is back. Whether the
 * connection is lost is the session's state (session-state.ts `connectionLost`), set by the requests'
 * outcomes; this is only the wait between them.
 */
export function nextAttempt(
  hints: ConnectionHints | undefined,
  delaysMs: readonly number[],
  attempt: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const pause = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 0;
    const stops: Array<() => void> = [];
    const done = () => {
      for (const stop of stops.splice(0)) stop();
      resolve();
    };
    const timer = setTimeout(done, pause);
    stops.push(() => clearTimeout(timer));
    if (hints) stops.push(hints.onMaybeBack(done));
  });
}
