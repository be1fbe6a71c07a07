/**
 * What both chat servers do with a turn's team request (issue 27): the feed item for a caller with a
 * verified phone number, handed to the server's own store; for anyone else nothing is passed on, and the
 * drop is logged (the assistant asks such a visitor to verify first, so it means a caller bypassed that).
 */
import { teamRequestItem, type AuthUser, type NewTeamRequestItem, type TeamRequest } from '@chat/core';
import type { Logger } from 'pino';

export interface TeamRequestToPass {
  request: TeamRequest;
  /** The verified caller, from the ID token; null for an anonymous one. */
  user: AuthUser | null;
  conversationId: string;
  /** The message the turn answered (the item's id); null when the turn wrote none to key it by. */
  messageId: string | null;
}

export async function passToTeam(
  { request, user, conversationId, messageId }: TeamRequestToPass,
  add: (item: NewTeamRequestItem) => unknown,
  logger: Logger,
): Promise<void> {
  const item = user && messageId ? teamRequestItem(request, user, conversationId, messageId) : null;
  if (!item) {
    logger.warn(
      { conversationId, type: request.type },
      'team request dropped: the caller has no verified phone number',
    );
    return;
  }
  await add(item);
}
