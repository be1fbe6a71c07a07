// No reply left hanging on the page (issue 27): a stored cut reply, and a streaming reply that stops
// growing for STALLED_REPLY_MS, are shown as what arrived with 'Try again'; a reply that grows again
// streams again. Fake timers: the 20 s pass at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInMemoryBackend, testBusinesses } from '@chat/contract/in-memory';
import { createChatSession } from './chat-session.js';
import { RETRY_SMART_REPLIES } from './session-state.js';
import { memoryStorage, until } from './testing/session-harness.js';
import { STALLED_REPLY_MS } from './stalled-replies.js';

const sessions: Array<{ stop(): void }> = [];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  vi.useRealTimers();
});

async function openConversation() {
  const backend = createInMemoryBackend();
  const business = testBusinesses.find((b) => b.id === 'bella-vista-salon')!;
  const conversation = backend.data.seedConversation({ businessId: business.id });
  backend.data.seedMessage(conversation.id, { role: 'user', text: 'What are your hours?' });
  const session = createChatSession({
    data: backend.data,
    auth: backend.auth,
    chat: backend.chat,
    business,
    storage: memoryStorage(),
    conversationId: conversation.id,
  });
  sessions.push(session);
  session.start();
  await until(session, (s) => s.loaded);
  return { session, backend, conversationId: conversation.id };
}

const reply = (session: ReturnType<typeof createChatSession>) =>
  session.getState().messages.find((m) => m.role === 'model');

describe('ChatSession: a reply that ended before it was complete', () => {
  it("shows a reply the chat service stored as cut with what arrived and 'Try again'", async () => {
    const { session, backend, conversationId } = await openConversation();
    backend.data.seedMessage(conversationId, { role: 'model', text: 'We open at', cut: true });
    const state = await until(session, (s) => s.messages.some((m) => m.role === 'model'));
    expect(reply(session)).toMatchObject({ text: 'We open at', cut: true });
    expect(reply(session)).not.toHaveProperty('streaming');
    expect(state.smartReplies).toEqual(RETRY_SMART_REPLIES);
    expect(state.typing).toBe(false);
  });

  it(`ends a streaming reply that has not grown for ${STALLED_REPLY_MS / 1000} s, and streams it again if it grows`, async () => {
    const { session, backend, conversationId } = await openConversation();
    const { id } = backend.data.putAssistantMessage(conversationId, { text: 'We open', streaming: true });
    await until(session, (s) => s.messages.some((m) => m.role === 'model'));
    await vi.advanceTimersByTimeAsync(STALLED_REPLY_MS - 1_000);
    // Still growing within the limit: the clock starts again from the growth.
    backend.data.putAssistantMessage(conversationId, { id, text: 'We open at', streaming: true });
    await vi.advanceTimersByTimeAsync(STALLED_REPLY_MS - 1_000);
    expect(reply(session)).toMatchObject({ text: 'We open at', streaming: true });
    expect(session.getState().smartReplies).toEqual([]);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(reply(session)).toMatchObject({ text: 'We open at', cut: true });
    expect(reply(session)).not.toHaveProperty('streaming');
    expect(session.getState().smartReplies).toEqual(RETRY_SMART_REPLIES);

    // Its writer was only slow: the reply grows again and is a streaming reply again, then completes.
    backend.data.putAssistantMessage(conversationId, { id, text: 'We open at 9', streaming: true });
    await until(session, (s) => s.messages.some((m) => m.streaming));
    expect(session.getState().smartReplies).toEqual([]);
    backend.data.putAssistantMessage(conversationId, { id, text: 'We open at 9 am.' });
    await until(session, (s) => s.messages.some((m) => m.text === 'We open at 9 am.'));
    await vi.advanceTimersByTimeAsync(STALLED_REPLY_MS * 2);
    expect(reply(session)).not.toHaveProperty('cut');
    expect(session.getState().smartReplies).toEqual([]);
  });

  it("ends the reply even when its timer goes off before the page's clock reaches the deadline", async () => {
    const { session, backend, conversationId } = await openConversation();
    backend.data.putAssistantMessage(conversationId, { text: 'We open', streaming: true });
    await until(session, (s) => s.messages.some((m) => m.role === 'model'));
    // The page's clock steps back a little: the timer fires on its schedule, 50 ms short by that clock.
    vi.setSystemTime(Date.now() - 50);
    await vi.advanceTimersByTimeAsync(STALLED_REPLY_MS + 100);
    expect(reply(session)).toMatchObject({ text: 'We open', cut: true });
  });
});
