/**
 * The visitor on another device, for `stack.askFromElsewhere`: the page's own ChatSession over the
 * stack's backend opens the conversation, sends the message (saved with the conversation's lastMessage,
 * then the chat call) and waits for the reply to arrive in full — what the page itself would do.
 */
import type { Backend } from '@chat/core';
import { createChatSession, type ChatSession } from '@chat/session';
import { completeReplies, memoryStorage, until } from '@chat/session/testing';
import { WAIT_MS } from '../pages/chat-page.js';

export async function askOnOtherDevice(
  backend: Backend,
  conversationId: string,
  businessId: string,
  text: string,
): Promise<void> {
  let session: ChatSession | null = null;
  try {
    const business = await backend.data.getBusinessById(businessId);
    if (!business) throw new Error(`business ${businessId} is not on the stack`);
    const { data, auth, chat } = backend;
    session = createChatSession({ data, auth, chat, business, storage: memoryStorage(), conversationId });
    session.start();
    const opened = await until(
      session,
      (s) => s.loaded || s.conversation.status === 'error',
      'the conversation',
      WAIT_MS,
    );
    if (opened.conversation.status !== 'ready' || opened.conversation.conversation.id !== conversationId) {
      throw new Error(
        `the other device could not open ${conversationId}: ${JSON.stringify(opened.conversation)}`,
      );
    }
    const before = completeReplies(session);
    if (!(await session.send(text))) throw new Error(`the other device could not save "${text}"`);
    const failed = (s: ChatSession) => s.getState().alerts.some((a) => a.error === 'failedToGetAiResponse');
    const current = session;
    await until(
      current,
      () => completeReplies(current) > before || failed(current),
      `the reply to "${text}"`,
      WAIT_MS,
    );
    if (failed(current)) throw new Error(`the chat service failed the other device's "${text}"`);
  } finally {
    session?.stop();
    backend.close?.();
  }
}
