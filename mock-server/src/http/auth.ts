/**
 * Who is calling, from the optional `Authorization: Bearer <ID token>` header (or the socket's
 * idToken), and the ownership rule shared by the data API, the live stream and the chat service:
 * a conversation created by a signed-in visitor (userId set) is readable and writable only with
 * that visitor's token; an anonymous one by whoever holds its id. Some writes (a signup feed item)
 * need a signed-in caller whatever the conversation, as firestore.rules demands.
 */
import { ProviderError } from '@chat/core';
import type { AuthUser } from '@chat/core';
import { bearerToken } from '@chat/server-http';
import type { Request } from 'express';
import { decodeJwt } from 'jose';
import type { Identity } from '../identity/index.js';

export { assertConversationAccess, bearerToken } from '@chat/server-http';

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

/** The caller of an HTTP request (null when anonymous). */
export function requestUser(identity: Identity, req: Request): Promise<AuthUser | null> {
  return userForToken(identity, bearerToken(req));
}

/**
 * The caller of an HTTP request that only a signed-in visitor may make: 401 unauthenticated without
 * a token (and, as ever, with an invalid or expired one). `what` names the action in the message.
 */
export async function requireSignedInUser(identity: Identity, req: Request, what: string): Promise<AuthUser> {
  const user = await requestUser(identity, req);
  if (!user) {
    throw new ProviderError(
      'unauthenticated',
      `${what} needs a signed-in visitor: send "Authorization: Bearer <ID token>"`,
    );
  }
  return user;
}
