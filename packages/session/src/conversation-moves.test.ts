// The ChatSession's moves to a new conversation, without a browser.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, stopSessions } from './testing/open-session.js';
import { until } from './testing/session-harness.js';

afterEach(stopSessions);

describe('ChatSession: moving to a new conversation', () => {
  it('startNewConversation shows an empty new conversation and asks the page to name it', async () => {
    const { session, conversationId } = await openSession();
    await session.send('Hi');
    await until(session, (s) => s.messages.length === 2);
    expect(await session.startNewConversation()).toBe(true);
    const state = await until(session, (s) => s.loaded && s.messages.length === 0);
    expect(state.navigateTo?.conversationId).not.toBe(conversationId);
  });

  it('reports a conversation that cannot be created by its code', async () => {
    const { session, backend } = await openSession();
    backend.data.failNext('createConversation');
    expect(await session.startNewConversation()).toBe(false);
    expect(session.getState().alerts).toEqual([{ source: 'new-chat', error: 'failedToCreateConversation' }]);
  });
});
