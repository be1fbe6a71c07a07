/**
 * A chat call that names the message it answers (`messageId`) is answered only once that message is
 * stored (decision 0025): the page asks while its save is still on the way, and the turn waits for it
 * here, as the production chat service waits in Firestore (packages/chat-service firestore-chat-store.ts).
 * The message must be one the page writes: the visitor's, or a notice (a resume answers the notice
 * '✓ Phone number verified successfully', issue 27) — never the assistant's.
 */
import { ProviderError, SAVED_MESSAGE_WAIT_MS } from '@chat/core';
import type { DocumentStore } from '../store/memory-store.js';

/**
 * Resolves once `messageId` is a visitor's message (or a page's notice) of the conversation; 'message-not-saved' after
 * `waitMs` without it, 'invalid-argument' when the id holds a message that is not the visitor's,
 * 'unavailable' when `withdrawn` aborts first (the caller went away, or the server is closing).
 */
export function savedMessage(
  store: DocumentStore,
  conversationId: string,
  messageId: string,
  { withdrawn, waitMs = SAVED_MESSAGE_WAIT_MS }: { withdrawn?: AbortSignal; waitMs?: number } = {},
): Promise<void> {
  const check = (role: string) =>
    role === 'user' || role === 'system'
      ? undefined
      : new ProviderError('invalid-argument', `messageId: message ${messageId} is not the visitor's`);
  const stored = store.messages(conversationId).find((message) => message.id === messageId);
  if (stored) {
    const refused = check(stored.role);
    return refused ? Promise.reject(refused) : Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const end = (refused: ProviderError | undefined) => {
      clearTimeout(timer);
      stopListening();
      withdrawn?.removeEventListener('abort', onWithdrawn);
      if (refused) reject(refused);
      else resolve();
    };
    const timer = setTimeout(
      () =>
        end(
          new ProviderError(
            'message-not-saved',
            `messageId: message ${messageId} was not saved in conversation ${conversationId} within ${waitMs} ms`,
          ),
        ),
      waitMs,
    );
    const onWithdrawn = () =>
      end(new ProviderError('unavailable', 'The turn was withdrawn before its message came'));
    withdrawn?.addEventListener('abort', onWithdrawn);
    const stopListening = store.onMessage((change) => {
      if (change.conversationId === conversationId && change.message.id === messageId) {
        end(check(change.message.role));
      }
    });
    if (withdrawn?.aborted) onWithdrawn();
  });
}
