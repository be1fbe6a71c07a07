/**
 * Who is calling, from an ID token (the HTTP `Authorization: Bearer` header's or the socket's
 * idToken), and when that token stops being accepted. Shared by the HTTP routes (../http/auth.ts) and
 * the live stream (../live), so neither reaches into the other.
 */
import { ProviderError } from '@chat/core';
import type { AuthUser } from '@chat/core';
import { decodeJwt } from 'jose';
import type { Identity } from './index.js';

/** The visitor a token names; null without a token. A token that is invalid or expired is 401. */
export async function userForToken(
  identity: Identity,
  token: string | null | undefined,
): Promise<AuthUser | null> {
  if (token === null || token === undefined) return null;
  return identity.verifyIdToken(token);
}

/**
 * When an already verified ID token expires, in epoch ms of the server's clock (JWT `exp` is in
 * whole seconds). Used to end a live subscription opened with it.
 */
export function tokenExpiresAt(idToken: string): number {
  const { exp } = decodeJwt(idToken);
  if (typeof exp !== 'number') throw new ProviderError('unauthenticated', 'The ID token is not valid.');
  return exp * 1000;
}
