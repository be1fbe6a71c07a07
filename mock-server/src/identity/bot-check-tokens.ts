/**
 * The invisible bot check's tokens: issued on request, short-lived and good for one send.
 *
 * Limits: kept in memory only (a restart forgets them, as a real provider's tokens would lapse);
 * at most `maxOutstanding` tokens are held, the oldest dropped first, so a client that asks for
 * tokens in a loop cannot grow the process without bound. An expired token is remembered for a
 * grace period so that using it reports 'bot-check-expired' rather than 'bot-check-failed'.
 */
import type { BotCheckToken } from '@chat/core';
import { ProviderError } from '@chat/core';
import { randomId } from './random-id.js';

export interface BotCheckTokens {
  issue(): BotCheckToken;
  /** Consumes `token`. Throws 'bot-check-expired' past its lifetime, else 'bot-check-failed' if unknown or used. */
  consume(token: string): void;
  clear(): void;
}

export function createBotCheckTokens(options: {
  now: () => number;
  ttlMs: number;
  maxOutstanding?: number;
}): BotCheckTokens {
  const maxOutstanding = options.maxOutstanding ?? 10_000;
  const graceMs = 10 * 60 * 1000;
  /** token → expiresAt; Map keeps insertion order, which is also expiry order (fixed TTL). */
  const tokens = new Map<string, number>();

  function prune(now: number): void {
    for (const [token, expiresAt] of tokens) {
      if (expiresAt + graceMs > now) break;
      tokens.delete(token);
    }
  }

  return {
    issue() {
      const now = options.now();
      prune(now);
      while (tokens.size >= maxOutstanding) {
        const oldest = tokens.keys().next().value as string;
        tokens.delete(oldest);
      }
      const token = randomId('bc_');
      const expiresAt = now + options.ttlMs;
      tokens.set(token, expiresAt);
      return { token, expiresAt };
    },
    consume(token) {
      const expiresAt = tokens.get(token);
      if (expiresAt === undefined) {
        throw new ProviderError('bot-check-failed', 'The bot-check token is unknown or was already used.');
      }
      // Single use whatever the outcome: an expired token is gone too.
      tokens.delete(token);
      if (options.now() >= expiresAt) {
        throw new ProviderError('bot-check-expired', 'The bot-check token has expired.');
      }
    },
    clear() {
      tokens.clear();
    },
  };
}
