/**
 * Reads that fail for a passing reason (the network, an overloaded server) are tried again a few
 * times with growing pauses before the page gives up and says so (§8); a refusal or a missing
 * document is an answer, never retried. Used for the business and the conversation reads of §4.
 */
import { ProviderError } from '../errors.js';

/** Pauses before the second, third and fourth attempt: about 4 s in all. */
export const READ_RETRY_DELAYS_MS: readonly number[] = [300, 1000, 2500];

/** Whether trying again may help: no answer came, or the server failed; not a refusal or a "no". */
export function isTransientError(error: unknown): boolean {
  if (error instanceof ProviderError) return error.code === 'unavailable' || error.code === 'internal';
  // Not a provider's answer at all (a dropped fetch, a bug in a transport): worth another try.
  return true;
}

/**
 * Runs `task`, and again after each of `delaysMs` while it fails with a transient error; the last
 * error is thrown. `wait` is injectable so tests need no timers.
 */
export async function withReadRetries<T>(
  task: () => Promise<T>,
  delaysMs: readonly number[] = READ_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isTransientError(error)) throw error;
      await wait(delay);
    }
  }
}
