/**
 * The mock phone identity provider (issue 3 point 6): an invisible bot check whose short-lived
 * token the send step requires, six-digit one-time codes to +1 numbers, and signed ID tokens.
 *
 * Limits: everything lives in memory, so a restart forgets pending codes and, without a configured
 * `secret`, invalidates issued ID tokens. No SMS is sent: codes of ordinary numbers are logged and
 * readable through lastCodeFor (the control API's GET /control/otp). Accounts are not stored; a uid
 * is derived from the phone number. See README.md next to this file.
 */
import type { AuthUser, BotCheckToken, SendCodeResult, SignInResult } from '@chat/core';
import { ProviderError } from '@chat/core';
import { createBotCheckTokens } from './bot-check-tokens.js';
import { createIdTokens } from './id-tokens.js';
import type { TokenSession } from './id-tokens.js';
import { randomId } from './random-id.js';
import type { IdentityOptions } from './identity-options.js';
import { resolveIdentityOptions } from './identity-options.js';
import { isPlausibleNanpNumber } from './phone-number.js';
import { createSendLimiter } from './send-limiter.js';
import { uidForPhone } from './user-id.js';
import { createVerificationSessions } from './verification-sessions.js';

export type { IdentityOptions, TestNumber } from './identity-options.js';
export { TOKEN_AUDIENCE, TOKEN_ISSUER } from './id-tokens.js';
export { uidForPhone } from './user-id.js';

const HOUR_MS = 60 * 60 * 1000;
/** Numbers whose last code is remembered for the control API; the oldest is forgotten beyond this. */
const MAX_REMEMBERED_CODES = 10_000;

export interface Identity {
  /** Runs the invisible bot check: a single-use token that sendCode requires before it expires. */
  issueBotCheckToken(): BotCheckToken;
  /**
   * Sends a one-time code to `phoneNumber` (+1 and ten digits) after consuming the bot-check token.
   * Throws ProviderError 'invalid-phone-number', 'bot-check-failed', 'bot-check-expired' or
   * 'too-many-requests' (in that order of checking; a bad number leaves the token usable).
   */
  sendCode(phoneNumber: string, botCheckToken: string): SendCodeResult;
  /**
   * Confirms the code of a verification and signs the visitor in; `isNewUser` is true the first time
   * a number signs in (since the last reset). Throws ProviderError
   * 'invalid-code', 'code-expired' or 'too-many-requests'.
   */
  verifyCode(verificationId: string, code: string): Promise<SignInResult>;
  /**
   * A fresh ID token for the visitor of a refresh token (`{ refreshToken }`, valid for a month), or
   * of a still-valid ID token (`{ idToken }`). Throws ProviderError 'unauthenticated'.
   */
  refresh(token: { idToken?: string; refreshToken?: string }): Promise<SignInResult>;
  /** The visitor a valid ID token names. Throws ProviderError 'unauthenticated' (also for a signed-out session). */
  verifyIdToken(idToken: string): Promise<AuthUser>;
  /** The session (sign-in) a valid ID token belongs to, or null for a token without one. Throws like verifyIdToken. */
  sessionOf(idToken: string): Promise<string | null>;
  /**
   * Signs these sessions out: their ID and refresh tokens are refused from now on, so the visitor's
   * page finds itself signed out at its next call (the demo console's "Sign the visitor out").
   * Answers how many were signed in until now.
   */
  signOutSessions(sids: Iterable<string>): number;
  /** Whether a session has not been signed out. */
  isSignedIn(sid: string): boolean;
  /** The last code sent to `phoneNumber` (consumed or not), or null when none was sent since the last reset. */
  lastCodeFor(phoneNumber: string): string | null;
  /**
   * Forgets codes, attempts, rate counters, bot-check tokens and which numbers have signed in
   * before (so the next sign-in of each is a signup again). Issued ID tokens stay valid.
   */
  reset(): void;
}

export function createIdentity(options: IdentityOptions): Identity {
  const config = resolveIdentityOptions(options);
  const botChecks = createBotCheckTokens({ now: config.now, ttlMs: config.botCheckTtlMs });
  const limiter = createSendLimiter({
    now: config.now,
    max: config.maxSendsPerNumberPerHour,
    windowMs: HOUR_MS,
  });
  const sessions = createVerificationSessions({
    now: config.now,
    ttlMs: config.codeTtlMs,
    maxAttempts: config.maxAttemptsPerCode,
  });
  const tokens = createIdTokens({ now: config.now, ttlMs: config.tokenTtlMs, secret: config.secret });
  const lastCodes = new Map<string, string>();
  /** The uids that have signed in since the last reset: a later sign-in of theirs is not a signup. */
  const knownUsers = new Set<string>();
  /**
   * The sessions signed out: kept for the process's life (a reset does not bring a signed-out
   * session back). One entry per console sign-out, so it stays small.
   */
  const signedOut = new Set<string>();

  /** A verified token's session, refused when it was signed out. */
  function live(session: TokenSession, what: string): TokenSession {
    if (session.sid !== null && signedOut.has(session.sid)) {
      throw new ProviderError('unauthenticated', `The ${what}'s session was signed out.`);
    }
    return session;
  }

  function randomCode(): string {
    const n = Math.min(999_999, Math.max(0, Math.floor(config.random() * 1_000_000)));
    return String(n).padStart(6, '0');
  }

  function userFor(phoneNumber: string): AuthUser {
    return {
      uid: uidForPhone(phoneNumber),
      phoneNumber,
      displayName: config.testNumbers.get(phoneNumber)?.displayName ?? null,
    };
  }

  /** Tokens for `user` in session `sid`: a new sign-in's (a new random id) or a refreshed one's. */
  async function signIn(user: AuthUser, sid: string = randomId('s_')): Promise<SignInResult> {
    const { idToken, expiresAt } = await tokens.sign(user, sid);
    return { user, idToken, expiresAt, refreshToken: await tokens.signRefresh(user, sid) };
  }

  return {
    issueBotCheckToken() {
      return botChecks.issue();
    },

    sendCode(phoneNumber, botCheckToken) {
      if (typeof phoneNumber !== 'string' || !isPlausibleNanpNumber(phoneNumber)) {
        throw new ProviderError(
          'invalid-phone-number',
          'The phone number must be +1 followed by ten digits, with an area code starting 2-9.',
        );
      }
      botChecks.consume(botCheckToken);
      const testNumber = config.testNumbers.get(phoneNumber);
      // Test numbers are exempt from the quota, as Firebase's fictional numbers are, so test runs can reuse them.
      if (!testNumber && !limiter.allows(phoneNumber)) {
        throw new ProviderError(
          'too-many-requests',
          'Too many codes were sent to this number. Try again later.',
        );
      }
      const code = testNumber?.code ?? randomCode();
      if (!testNumber) limiter.record(phoneNumber);
      const verificationId = sessions.start(phoneNumber, code);
      lastCodes.delete(phoneNumber);
      lastCodes.set(phoneNumber, code);
      if (lastCodes.size > MAX_REMEMBERED_CODES) lastCodes.delete(lastCodes.keys().next().value as string);
      config.log('identity: one-time code sent', { phoneNumber, code, testNumber: Boolean(testNumber) });
      return { verificationId };
    },

    async verifyCode(verificationId, code) {
      const phoneNumber = sessions.confirm(verificationId, code);
      const user = userFor(phoneNumber);
      const isNewUser = !knownUsers.has(user.uid);
      knownUsers.add(user.uid);
      return { ...(await signIn(user)), isNewUser };
    },

    async refresh({ idToken, refreshToken }) {
      const { user, sid } = refreshToken
        ? live(await tokens.verifyRefresh(refreshToken), 'refresh token')
        : live(await tokens.verify(idToken ?? ''), 'ID token');
      // The same session goes on: a sign-out still reaches the tokens refreshed from it.
      return signIn(user, sid ?? undefined);
    },

    async verifyIdToken(idToken) {
      return live(await tokens.verify(idToken), 'ID token').user;
    },

    async sessionOf(idToken) {
      return live(await tokens.verify(idToken), 'ID token').sid;
    },

    signOutSessions(sids) {
      let count = 0;
      for (const sid of sids) {
        if (signedOut.has(sid)) continue;
        signedOut.add(sid);
        count++;
      }
      return count;
    },

    isSignedIn(sid) {
      return !signedOut.has(sid);
    },

    lastCodeFor(phoneNumber) {
      return lastCodes.get(phoneNumber) ?? null;
    },

    reset() {
      botChecks.clear();
      limiter.clear();
      sessions.clear();
      lastCodes.clear();
      knownUsers.clear();
    },
  };
}
