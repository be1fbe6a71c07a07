// The ChatSession's moves to a new conversation, without a browser.
import { createInMemoryBackend } from '@chat/contract/in-memory';
import type { DataProvider } from '@chat/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatSession } from './chat-session.js';
import { CONVERSATION_ID_KEY } from './conversation-memory.js';
import { business, openSession, stopSessions } from './testing/open-session.js';
import { memoryStorage, until } from './testing/session-harness.js';

afterEach(stopSessions);

describe('ChatSession: moving to a new conversation', () => {
  it('startNewConversation shows an empty new conversation and asks the page to name it', async () => {
    const { session, conversationId } = await openSession();
    await session.send('Hi');
    await until(session, (s) => s.messages.length === 2);
    const moves: Array<string | null> = [];
    session.onNavigate((id) => moves.push(id));
    expect(await session.startNewConversation()).toBe(true);
    const state = await until(session, (s) => s.loaded && s.messages.length === 0);
    const shown = state.conversation.status === 'ready' ? state.conversation.conversation.id : null;
    expect(shown).not.toBe(conversationId);
    // Told once, as an event: the page's URL names the new conversation.
    expect(moves).toEqual([shown]);
  });

  it('knows from its first state whether the conversation it resolves starts new (decision 0021)', () => {
    const backend = createInMemoryBackend();
    const kept = backend.data.seedConversation({ businessId: business.id });
    const make = (conversationId: string | undefined, storage = memoryStorage()) =>
      createChatSession({
        data: backend.data,
        auth: backend.auth,
        chat: backend.chat,
        business,
        storage,
        conversationId,
      });
    const keptInTab = memoryStorage();
    keptInTab.setItem(CONVERSATION_ID_KEY, kept.id);
    // Nothing is started (no request made) to know it.
    expect(make(undefined).getState()).toMatchObject({ startsNew: true, loaded: false });
    expect(make(kept.id).getState()).toMatchObject({ startsNew: false, loaded: false });
    expect(make(undefined, keptInTab).getState()).toMatchObject({ startsNew: false, loaded: false });
    expect(backend.data.conversations()).toEqual([kept]);
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
        conversationId,
      });
      session.start();
      const state = await until(session, (s) => s.conversation.status === 'ready');
      expect(state.loaded, String(conversationId)).toBe(loadsAtOnce);
      expect(state.canSend, String(conversationId)).toBe(loadsAtOnce);
      // Enabled whether or not loaded: only canSend waits for the messages.
      expect(state.chatEnabled, String(conversationId)).toBe(true);
      session.stop();
    }
  });
});
