/**
 * A conversation on the mock server once the assistant's turn has ended: its lastMessage names the
 * assistant's newest message, which the chat service writes last (README, "What the chat service must
 * implement") — after the visitor's own lastMessage write, which it replaces.
 */
import { expect } from 'vitest';
import { WAIT_MS } from '../pages/chat-page.js';
import type { ConversationSummary, ControlClient } from './control.js';

export async function settledConversation(
  control: ControlClient,
  conversationId: string,
): Promise<ConversationSummary> {
  let found: ConversationSummary | undefined;
  await expect
    .poll(
      async () => {
        found = (await control.conversations()).find((c) => c.id === conversationId);
        return found?.lastMessage?.sender === 'model' && found.lastMessage.text === found.latestMessage?.text;
      },
      { timeout: WAIT_MS },
    )
    .toBe(true);
  return found!;
}
