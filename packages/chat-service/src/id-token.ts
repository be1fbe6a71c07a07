/**
 * The caller of a chat request: the Firebase ID token of `Authorization: Bearer`, verified with the
 * Admin SDK, revoked tokens and disabled accounts refused (verifyIdToken's checkRevoked), and counted
 * as a verified visitor only when signed in with the phone provider and carrying the phone number
 * (@chat/server-http's phoneVerifiedUser). No header: anonymous. Any failure is 401 unauthenticated,
 * with a reason a developer can act on and nothing of the token itself.
 */
import { ProviderError } from '@chat/core';
import type { AuthUser } from '@chat/core';
import { bearerToken, phoneVerifiedUser } from '@chat/server-http';
import type { Request } from 'express';
import type { Auth } from 'firebase-admin/auth';

export type TokenVerifier = Pick<Auth, 'verifyIdToken'>;

const REASONS: Record<string, string> = {
  'auth/id-token-revoked': 'The ID token has been revoked; sign in again.',
  'auth/user-disabled': 'The account of this ID token is disabled.',
  'auth/id-token-expired': 'The ID token has expired; refresh it.',
};

/**
 * The verified caller: the uid, and the phone number and display name the token carries — the only
 * source of who a business's feed item is from (issue 27), never the request body.
 */
export async function requestUser(auth: TokenVerifier, req: Request): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (token === null) return null;
  let decoded;
  try {
    decoded = await auth.verifyIdToken(token, true);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === 'string' ? REASONS[code] : undefined;
    throw new ProviderError('unauthenticated', reason ?? 'The ID token is not valid.');
  }
  const name: unknown = decoded['name'];
  return { ...phoneVerifiedUser(decoded), displayName: typeof name === 'string' ? name : null };
}
