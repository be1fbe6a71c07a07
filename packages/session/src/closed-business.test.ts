// A ChatSession for a business that cannot be chatted with (§6), without a browser: no conversation is
// made for it, and one the URL names is shown read-only (docs/decisions/0024).
import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend, testBusinesses } from '@chat/contract/in-memory';
import { createChatSession } from './chat-session.js';
import { CONVERSATION_ID_KEY } from './conversation-memory.js';
import { countingData } from './testing/open-session.js';
import { memoryStorage, until } from './testing/session-harness.js';

const sessions: Array<{ stop(): void }> = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

describe('ChatSession: a business that cannot be chatted with (§6)', () => {
  const blocked = (id: string) => testBusinesses.find((b) => b.id === id)!;
  const closedSession = (id: string, storage = memoryStorage()) => {
    const backend = createInMemoryBackend();
    const { data, calls } = countingData(backend.data);
    const session = createChatSession({
      data,
      auth: backend.auth,
      chat: backend.chat,
      business: blocked(id),
      storage,
      conversationId: undefined,
    });
    sessions.push(session);
    session.start();
    return { session, backend, calls, storage };
  };

  it.each(['sunrise-bakery', 'quickfix-garage'])(
    '%s: is closed at once, creating no conversation and following no tab id',
    async (id) => {
      const storage = memoryStorage();
      storage.setItem(CONVERSATION_ID_KEY, 'conv-of-another-business');
      const { session, backend, calls } = closedSession(id, storage);
      const moves: Array<string | null> = [];
      session.onNavigate((to) => moves.push(to));
      const state = await until(session, (s) => s.conversation.status !== 'resolving');

      expect(state.conversation).toEqual({ status: 'closed' });
      expect(state).toMatchObject({
        chatEnabled: false,
        loaded: true,
        canSend: false,
        messages: [],
      });
      expect(moves).toEqual([]);
      expect(calls).toEqual([]);
      expect(backend.data.conversations()).toEqual([]);
      // The tab keeps the conversation it has for the business it came from.
      expect(storage.getItem(CONVERSATION_ID_KEY)).toBe('conv-of-another-business');
    },
  );

  it('drops from the URL an id that is no valid conversation of the business, creating none', async () => {
    const backend = createInMemoryBackend();
    const elsewhere = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    const session = createChatSession({
      data: backend.data,
      auth: backend.auth,
      chat: backend.chat,
      business: blocked('sunrise-bakery'),
      storage: memoryStorage(),
      conversationId: elsewhere.id,
    });
    sessions.push(session);
    const moves: Array<string | null> = [];
    session.onNavigate((to) => moves.push(to));
    session.start();
    const state = await until(session, (s) => s.conversation.status !== 'resolving');

    expect(state.conversation).toEqual({ status: 'closed' });
    expect(moves).toEqual([null]);
    expect(backend.data.conversations()).toEqual([elsewhere]);
  });

  it('shows a valid conversation the URL names, read-only: nothing is sent and no new one is made', async () => {
    const storage = memoryStorage();
    const backend = createInMemoryBackend();
    const earlier = backend.data.seedConversation({ businessId: 'sunrise-bakery' });
    backend.data.seedMessage(earlier.id, { role: 'user', text: 'Written before the review' });
    const session = createChatSession({
      data: backend.data,
      auth: backend.auth,
      chat: backend.chat,
      business: blocked('sunrise-bakery'),
      storage,
      conversationId: earlier.id,
    });
    sessions.push(session);
    session.start();
    const state = await until(session, (s) => s.loaded);

    expect(state.conversation).toEqual({ status: 'ready', conversation: earlier });
    expect(state.messages.map((m) => m.text)).toEqual(['Written before the review']);
    expect(state.canSend).toBe(false);
    expect(state.chatEnabled).toBe(false);
    expect(await session.send('Hello?')).toBe(false);
    expect(await session.startNewConversation()).toBe(false);
    await session.tryAgain();
    expect(backend.data.messages(earlier.id).map((m) => m.text)).toEqual(['Written before the review']);
    expect(backend.data.conversations()).toEqual([earlier]);
    expect(backend.chat.calls).toEqual([]);
    expect(session.getState().alerts).toEqual([]);
    expect(storage.getItem(CONVERSATION_ID_KEY)).toBeNull();
  });

  it('says whether the chat is enabled from its first state, before anything is opened or loaded', () => {
    const storage = memoryStorage();
    const { session: closed } = closedSession('sunrise-bakery', storage);
    expect(closed.getState()).toMatchObject({ chatEnabled: false, canSend: false });
    const backend = createInMemoryBackend();
    const open = createChatSession({
      data: backend.data,
      auth: backend.auth,
      chat: backend.chat,
      business: blocked('bella-vista-salon'),
      storage: memoryStorage(),
      conversationId: undefined,
    });
    sessions.push(open);
    // Enabled, though nothing can be sent yet: canSend waits for the conversation, chatEnabled does not.
    expect(open.getState()).toMatchObject({ chatEnabled: true, canSend: false });
  });
});
