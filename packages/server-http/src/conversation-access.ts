/**
 * Who may use a conversation, for both chat servers: the bearer token of a request, and the ownership
 * rule — a conversation created by a signed-in visitor (userId set) is served only with that visitor's
 * token; an anonymous one to whoever holds its id (firestore.rules says the same for the page).
 */
import { ProviderError } from '@chat/core';
import type { Conversation } from '@chat/core';
import type { Request } from 'express';

/** The bearer token of a request, null without an Authorization header. A malformed header is 401. */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ProviderError('unauthenticated', 'Authorization: expected "Bearer <ID token>"');
  return match[1]!;
}

/** Throws 403 permission-denied unless the visitor `uid` (null: anonymous) may use `conversation`. */
export function assertConversationAccess(conversation: Conversation, user: { uid: string } | null): void {
  if (conversation.userId === null) return;
  if (!user) {
    throw new ProviderError(
      'permission-denied',
      `Conversation ${conversation.id} belongs to a signed-in visitor`,
    );
  }
  if (user.uid !== conversation.userId) {
    throw new ProviderError(
      'permission-denied',
      `Conversation ${conversation.id} belongs to another visitor`,
    );
  }
}
