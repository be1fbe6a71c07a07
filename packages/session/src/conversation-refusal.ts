/**
 * When a failure means the conversation itself can no longer be used, so the page resolves again
 * (§4 step 5: a new conversation) instead of showing an error the visitor cannot get past:
 * - 'gone': the server no longer has it (a restart without its data) or no longer lets this visitor
 *   use it — the live stream or a write answers 'not-found' or 'permission-denied'; the chat service
 *   answers 'not-found' (a 'permission-denied' from it can also be about the business, so it is not
 *   taken as one);
 * - 'expired': the chat service says the conversation has expired ('failed-precondition'), whatever
 *   the page's own reckoning.
 * Anything else (the network, a server error, a bad request) is an ordinary §8 failure.
 */
import { ProviderError } from '@chat/core';

export type ConversationRefusal = 'gone' | 'expired';

export function conversationRefusal(
  error: unknown,
  from: 'listen' | 'write' | 'chat',
): ConversationRefusal | null {
  if (!(error instanceof ProviderError)) return null;
  switch (error.code) {
    case 'not-found':
      return 'gone';
    case 'permission-denied':
      return from === 'chat' ? null : 'gone';
    case 'failed-precondition':
      return from === 'chat' ? 'expired' : null;
    default:
      return null;
  }
}
