/**
 * The ID tokens of signed-in visitors: HS256 JWTs made with `jose`, checked by the chat endpoint
 * and the data API. Issue and expiry times come from the injected clock, never the wall clock,
 * so moving the server's clock (POST /control/clock) expires tokens as it would on a real server.
 *
 * Every token of one sign-in carries its session id (claim `sid`, kept through refreshes), which
 * the identity can sign out (index.ts signOutSessions: the demo console's "Sign the visitor out").
 *
 * Limits: one symmetric key per process unless one is given, so tokens do not survive a restart
 * without a configured secret; a sign-out is remembered in memory only.
 */
import type { AuthUser } from '@chat/core';
import { ProviderError } from '@chat/core';
import { PHONE_PROVIDER, phoneVerifiedUser } from '@chat/server-http';
import type { PhoneClaims } from '@chat/server-http';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'chat-mock-server';
export const TOKEN_AUDIENCE = 'chat-web';
/** A refresh token's audience: it is never accepted as an ID token, nor an ID token as it. */
export const REFRESH_AUDIENCE = 'chat-refresh';
/** How long a refresh token gets new ID tokens (Firebase's last until revoked; a month is plenty for a demo). */
export const REFRESH_TTL_MS = 30 * 24 * 3_600_000;

/** The visitor a valid token names, and its sign-in's session id (null in a token from before sessions). */
export interface TokenSession {
  user: AuthUser;
  sid: string | null;
}

export interface IdTokens {
  /** A token for `user` in session `sid`, valid for the configured lifetime from now; `expiresAt` in epoch ms. */
  sign(user: AuthUser, sid: string): Promise<{ idToken: string; expiresAt: number }>;
  /** The user and session a valid token names. Throws ProviderError 'unauthenticated' for anything else. */
  verify(idToken: string): Promise<TokenSession>;
  /** A refresh token for `user` in session `sid`, valid REFRESH_TTL_MS from now. */
  signRefresh(user: AuthUser, sid: string): Promise<string>;
  /** The user and session a valid refresh token names. Throws ProviderError 'unauthenticated' for anything else. */
  verifyRefresh(refreshToken: string): Promise<TokenSession>;
}

export function createIdTokens(options: { now: () => number; ttlMs: number; secret: Uint8Array }): IdTokens {
  async function sign(user: AuthUser, sid: string, audience: string, ttlMs: number) {
    const nowMs = options.now();
    const iat = Math.floor(nowMs / 1000);
    // JWT times are whole seconds; the token is valid while floor(now / 1000) < exp.
    const exp = Math.floor((nowMs + ttlMs) / 1000);
    // Firebase's claims for a phone sign-in: the page and the chat route read them as they read Firebase's.
    const token = await new SignJWT({
      phone_number: user.phoneNumber,
      name: user.displayName,
      sid,
      firebase: { sign_in_provider: PHONE_PROVIDER },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audience)
      .setSubject(user.uid)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(options.secret);
    return { token, expiresAt: exp * 1000 };
  }
  return {
    async sign(user, sid) {
      const { token, expiresAt } = await sign(user, sid, TOKEN_AUDIENCE, options.ttlMs);
      return { idToken: token, expiresAt };
    },
    async signRefresh(user, sid) {
      return (await sign(user, sid, REFRESH_AUDIENCE, REFRESH_TTL_MS)).token;
    },
    verify: (idToken) => verify(idToken, TOKEN_AUDIENCE, 'ID token'),
    verifyRefresh: (refreshToken) => verify(refreshToken, REFRESH_AUDIENCE, 'refresh token'),
  };

  async function verify(idToken: string, audience: string, what: string): Promise<TokenSession> {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, options.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(options.now()),
        clockTolerance: 0,
      }));
    } catch (error) {
      const reason =
        error instanceof joseErrors.JWTExpired ? `The ${what} has expired.` : `The ${what} is not valid.`;
      throw new ProviderError('unauthenticated', reason);
    }
    const { sub, phone_number: phoneNumber, name, sid } = payload;
    if (typeof sub !== 'string' || sub === '') {
      throw new ProviderError('unauthenticated', `The ${what} names no user.`);
    }
    // A visitor is verified only by a phone sign-in carrying the number, as on Firebase (issue 27 item 5).
    if (audience === TOKEN_AUDIENCE) {
      phoneVerifiedUser({
        uid: sub,
        phone_number: phoneNumber,
        firebase: payload.firebase as PhoneClaims['firebase'],
      });
    }
    return {
      user: {
        uid: sub,
        phoneNumber: typeof phoneNumber === 'string' ? phoneNumber : null,
        displayName: typeof name === 'string' ? name : null,
      },
      sid: typeof sid === 'string' && sid !== '' ? sid : null,
    };
  }
}
