// The ChatSession's moves to a new conversation, without a browser.
import { createInMemoryBackend } from '@chat/contract/in-memory';
import type { DataProvider } from '@chat/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatSession } from './chat-session.js';
import { business, openSession, stopSessions } from './testing/open-session.js';
import { memoryStorage, until } from './testing/session-harness.js';

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

  it('a conversation created on open is loaded at once: nothing can be in it (decision 0021)', async () => {
    const backend = createInMemoryBackend();
    // A live stream that never answers: whatever is loaded is known without it.
    const silentData: DataProvider = { ...backend.data, subscribeToMessages: () => () => undefined };
    const kept = backend.data.seedConversation({ businessId: business.id });
    for (const [conversationId, loadsAtOnce] of [
      [undefined, true],
      [kept.id, false],
    ] as const) {
      const session = createChatSession({
        data: silentData,
        auth: backend.auth,
        chat: backend.chat,
        business,
        storage: memoryStorage(),
      });
      session.start();
      session.open(conversationId);
      const state = await until(session, (s) => s.conversation.status === 'ready');
      expect(state.loaded, String(conversationId)).toBe(loadsAtOnce);
      expect(state.canSend, String(conversationId)).toBe(loadsAtOnce);
      // Enabled whether or not loaded: only canSend waits for the messages.
      expect(state.chatEnabled, String(conversationId)).toBe(true);
      session.stop();
    }
  });
});
