/**
 * Pending one-time codes, one session per send, identified by an opaque verification id.
 *
 * A session ends when its code is confirmed, when it is burned after too many wrong attempts, or
 * when a newer code is sent to the same number (only the latest code counts, as with SMS
 * providers). Limits: in memory only; sessions are pruned once well past their expiry, and a
 * number has at most one live session, so the map is bounded by the sends of the last two TTLs.
 */
import { ProviderError } from '@chat/core';
import { randomId } from './random-id.js';

interface Session {
  phoneNumber: string;
  code: string;
  expiresAt: number;
  wrongAttempts: number;
}

export interface VerificationSessions {
  /** Starts a session for `phoneNumber` with `code`, replacing any earlier one for that number. */
  start(phoneNumber: string, code: string): string;
  /**
   * Checks `code` against the session and ends it on success, returning the phone number.
   * Throws 'code-expired' (unknown, replaced, used or expired session), 'too-many-requests'
   * (burned) or 'invalid-code' (wrong code; counts an attempt).
   */
  confirm(verificationId: string, code: string): string;
  /** How many sessions are held (for tests of the bound). */
  size(): number;
  clear(): void;
}

export function createVerificationSessions(options: {
  now: () => number;
  ttlMs: number;
  maxAttempts: number;
}): VerificationSessions {
  const sessions = new Map<string, Session>();
  const latestByPhone = new Map<string, string>();
  // Expired sessions stay a little longer so a late attempt still hears 'code-expired' for the right reason.
  const keepAfterExpiryMs = options.ttlMs;

  /**
   * Drops sessions well past their expiry. The map is in insertion order, which is expiry order
   * (one TTL for all), so the walk stops at the first live session: O(1) per send on average,
   * where walking every session made n sends cost O(n²).
   */
  function prune(now: number): void {
    for (const [id, session] of sessions) {
      if (session.expiresAt + keepAfterExpiryMs > now) break;
      sessions.delete(id);
      if (latestByPhone.get(session.phoneNumber) === id) latestByPhone.delete(session.phoneNumber);
    }
  }

  function end(id: string, session: Session): void {
    sessions.delete(id);
    if (latestByPhone.get(session.phoneNumber) === id) latestByPhone.delete(session.phoneNumber);
  }

  return {
    start(phoneNumber, code) {
      const now = options.now();
      prune(now);
      const previous = latestByPhone.get(phoneNumber);
      if (previous !== undefined) sessions.delete(previous);
      const id = randomId('vr_');
      sessions.set(id, { phoneNumber, code, expiresAt: now + options.ttlMs, wrongAttempts: 0 });
      latestByPhone.set(phoneNumber, id);
      return id;
    },
    confirm(verificationId, code) {
      const session = sessions.get(verificationId);
      if (!session) {
        throw new ProviderError('code-expired', 'This verification is no longer active. Request a new code.');
      }
      if (options.now() >= session.expiresAt) {
        end(verificationId, session);
        throw new ProviderError('code-expired', 'The code has expired. Request a new code.');
      }
      if (session.wrongAttempts >= options.maxAttempts) {
        throw new ProviderError(
          'too-many-requests',
          'Too many wrong attempts for this code. Request a new code.',
        );
      }
      if (code !== session.code) {
        session.wrongAttempts += 1;
        throw new ProviderError('invalid-code', 'The code is not correct.');
      }
      end(verificationId, session);
      return session.phoneNumber;
    },
    size: () => sessions.size,
    clear() {
      sessions.clear();
      latestByPhone.clear();
    },
  };
}
