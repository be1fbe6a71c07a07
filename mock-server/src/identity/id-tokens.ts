/**
 * The ID tokens of signed-in visitors: HS256 JWTs made with `jose`, checked by the chat endpoint
 * and the data API. Issue and expiry times come from the injected clock, never the wall clock,
 * so moving the server's clock (POST /control/clock) expires tokens as it would on a real server.
 *
 * Limits: one symmetric key per process unless one is given, so tokens do not survive a restart
 * without a configured secret; tokens cannot be revoked before they expire.
 */
import type { AuthUser } from '@chat/core';
import { ProviderError } from '@chat/core';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'chat-mock-server';
export const TOKEN_AUDIENCE = 'chat-web';

export interface IdTokens {
  /** A token for `user`, valid for the configured lifetime from now; `expiresAt` in epoch ms. */
  sign(user: AuthUser): Promise<{ idToken: string; expiresAt: number }>;
  /** The user a valid token names. Throws ProviderError 'unauthenticated' for anything else. */
  verify(idToken: string): Promise<AuthUser>;
}

export function createIdTokens(options: { now: () => number; ttlMs: number; secret: Uint8Array }): IdTokens {
  return {
    async sign(user) {
      const nowMs = options.now();
      const iat = Math.floor(nowMs / 1000);
      // JWT times are whole seconds; the token is valid while floor(now / 1000) < exp.
      const exp = Math.floor((nowMs + options.ttlMs) / 1000);
      const idToken = await new SignJWT({ phone_number: user.phoneNumber, name: user.displayName })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(user.uid)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(options.secret);
      return { idToken, expiresAt: exp * 1000 };
    },
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, options.secret, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(options.now()),
          clockTolerance: 0,
        }));
      } catch (error) {
        const reason =
          error instanceof joseErrors.JWTExpired ? 'The ID token has expired.' : 'The ID token is not valid.';
        throw new ProviderError('unauthenticated', reason);
      }
      const { sub, phone_number: phoneNumber, name } = payload;
      if (typeof sub !== 'string' || sub === '') {
        throw new ProviderError('unauthenticated', 'The ID token names no user.');
      }
      return {
        uid: sub,
        phoneNumber: typeof phoneNumber === 'string' ? phoneNumber : null,
        displayName: typeof name === 'string' ? name : null,
      };
    },
  };
}
