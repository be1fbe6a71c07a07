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
import { userForToken } from '../identity/caller-token.js';
import type { Identity } from '../identity/index.js';

export { assertConversationAccess, bearerToken } from '@chat/server-http';

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
