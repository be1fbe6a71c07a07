// The chat session without a browser: its transitions over the in-memory backend (checked by the
// contract suites like every backend), read through getState() as the page, `demo check` and the
// benchmark read them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError, type DataProvider } from '@chat/core';
import { createInMemoryBackend, testBusinesses, type InMemoryBackend } from '@chat/contract/in-memory';
import { createChatSession, REPLY_MESSAGE_GRACE_MS, type ChatSessionOptions } from './chat-session.js';
import { CONVERSATION_ID_KEY } from './conversation-memory.js';
import { memoryStorage, switchableNetwork, until } from './testing/session-harness.js';

const business = testBusinesses.find((b) => b.id === 'bella-vista-salon')!;
const sessions: Array<{ stop(): void }> = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  vi.useRealTimers();
});

/** Every call the session makes to the data provider, by operation. */
function countingData(data: DataProvider) {
  const calls: string[] = [];
  const counted = new Proxy(data, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { data: counted, calls };
}

async function openSession(options: Partial<ChatSessionOptions> & { backend?: InMemoryBackend } = {}) {
  const backend = options.backend ?? createInMemoryBackend();
  const { data, calls } = countingData(backend.data);
  const session = createChatSession({
    data,
    auth: backend.auth,
    chat: backend.chat,
    business,
    storage: memoryStorage(),
    ...options,
  });
  sessions.push(session);
  session.start();
  session.open(undefined);
  const state = await until(session, (s) => s.loaded, 'the conversation to load');
  if (state.conversation.status !== 'ready') throw new Error('no conversation');
  return { session, backend, calls, conversationId: state.conversation.conversation.id };
}

const visitorTexts = (backend: InMemoryBackend, conversationId: string) =>
  backend.data
    .messages(conversationId)
    .filter((m) => m.role === 'user')
    .map((m) => m.text);

describe('ChatSession: sending', () => {
  it('shows the message at once, stores it under the id it showed, and the assistant answers', async () => {
    const { session, backend, conversationId } = await openSession();
    const sent = session.send('What are your hours?');
    const pending = session.getState().messages.at(-1)!;
    expect(pending).toMatchObject({ role: 'user', text: 'What are your hours?', delivery: 'sending' });
    expect(await sent).toBe(true);

    const state = await until(session, (s) =>
      s.messages.some((m) => m.text === 'You said: What are your hours?'),
    );
    const stored = backend.data.messages(conversationId).find((m) => m.role === 'user')!;
    // Matched by id alone: the bubble that showed at once is the stored message.
    expect(stored.id).toBe(pending.id);
    expect(state.messages.find((m) => m.id === pending.id)?.delivery).toBeUndefined();
    expect(state.typing).toBe(false);
    expect(backend.data.conversation(conversationId)?.lastMessage).toMatchObject({
      text: 'What are your hours?',
      messageId: pending.id,
    });
  });

  it('makes two requests per visitor message: one write (message and lastMessage together), one chat call', async () => {
    const { session, backend, calls } = await openSession();
    const writesBefore = calls.filter((c) => c !== 'subscribeToMessages').length;
    await session.send('One');
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: One'));
    await session.send('Two');
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: Two'));
    expect(calls.filter((c) => c !== 'subscribeToMessages').slice(writesBefore)).toEqual([
      'addMessage',
      'addMessage',
    ]);
    expect(backend.chat.calls.map((c) => c.kind)).toEqual(['send', 'send']);
  });

  it('reports a failed save by its code, keeps the message as not sent, and Retry sends it under the same id', async () => {
    const { session, backend, conversationId } = await openSession();
    backend.data.failNext('addMessage');
    expect(await session.send('Hello?')).toBe(false);
    const failed = session.getState().messages.at(-1)!;
    expect(failed.delivery).toBe('failed');
    expect(session.getState().alerts).toEqual([{ source: 'action', error: 'failedToSendMessage' }]);

    expect(await session.retry(failed.id)).toBe(true);
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: Hello?'));
    expect(
      backend.data
        .messages(conversationId)
        .filter((m) => m.role === 'user')
        .map((m) => m.id),
    ).toEqual([failed.id]);
  });
});

describe('ChatSession: a save that times out and lands after all', () => {
  const deadlines = { writeTimeoutMs: 30, chatTimeoutMs: 5_000 };

  it('regression: Retry, double-clicked, leaves one copy, answered once', async () => {
    // Before: the message was saved under a new id on every attempt, so the Retry after a save that
    // timed out but reached the server stored a second copy.
    const { session, backend, conversationId } = await openSession({ deadlines });
    const slow = backend.data.holdNext('addMessage');
    expect(await session.send('Can I book for Friday?')).toBe(false);
    const failed = session.getState().messages.at(-1)!;
    expect(failed.delivery).toBe('failed');

    const first = session.retry(failed.id);
    const second = session.retry(failed.id); // the double click's second press
    slow.release(); // the first attempt reaches the server meanwhile
    expect(await second).toBe(false);
    expect(await first).toBe(true);
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: Can I book for Friday?'));
    expect(visitorTexts(backend, conversationId)).toEqual(['Can I book for Friday?']);
    expect(backend.chat.calls).toHaveLength(1);
  });

  it('a late landing before any Retry shows the message as sent and gets it answered', async () => {
    const { session, backend, conversationId } = await openSession({ deadlines });
    const slow = backend.data.holdNext('addMessage');
    expect(await session.send('Are you open?')).toBe(false);
    slow.release();
    const state = await until(session, (s) => s.messages.some((m) => m.text === 'You said: Are you open?'));
    expect(state.messages.filter((m) => m.role === 'user').map((m) => m.delivery)).toEqual([undefined]);
    expect(visitorTexts(backend, conversationId)).toEqual(['Are you open?']);
    expect(backend.chat.calls).toHaveLength(1);
  });
});

describe('ChatSession: offline', () => {
  it('three messages typed offline wait, then go once each, in order, and are answered', async () => {
    const network = switchableNetwork();
    const { session, backend, conversationId, calls } = await openSession({ network });
    network.goOffline();
    const sends = ['First', 'Second', 'Third'].map((text) => session.send(text));
    await Promise.resolve();
    expect(session.getState().messages.map((m) => [m.text, m.delivery])).toEqual([
      ['First', 'sending'],
      ['Second', 'sending'],
      ['Third', 'sending'],
    ]);
    expect(calls).not.toContain('addMessage');

    network.goOnline();
    expect(await Promise.all(sends)).toEqual([true, true, true]);
    await until(session, (s) => s.messages.filter((m) => m.role === 'model').length === 3);
    expect(visitorTexts(backend, conversationId)).toEqual(['First', 'Second', 'Third']);
    expect(backend.chat.calls.map((c) => (c.kind === 'send' ? c.body.message : null))).toEqual([
      'First',
      'Second',
      'Third',
    ]);
  });

  it('a save cut off by the connection going is made again when it returns, under the same id', async () => {
    const network = switchableNetwork();
    const { session, backend, conversationId } = await openSession({ network });
    const cut = backend.data.holdNext('addMessage');
    backend.data.failNext('addMessage', new ProviderError('unavailable', 'network down'));
    const sent = session.send('Still there?');
    await cut.started;
    network.goOffline();
    cut.release(); // the attempt fails: the connection went while it was on its way
    await vi.waitFor(() => expect(network.waiters()).toBe(1)); // the save waits for the connection
    expect(session.getState().messages.at(-1)?.delivery).toBe('sending');
    network.goOnline();
    expect(await sent).toBe(true);
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: Still there?'));
    expect(visitorTexts(backend, conversationId)).toEqual(['Still there?']);
    expect(session.getState().alerts).toEqual([]);
  });
});

describe('ChatSession: the reply being waited for', () => {
  it('stops the typing indicator when the answered reply never appears', async () => {
    const { session, backend } = await openSession();
    backend.chat.script(() => ({})); // answers, but writes no message
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await session.send('Hello');
    await vi.waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    await vi.waitFor(() => expect(session.getState().typing).toBe(true));
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS);
    expect(session.getState().typing).toBe(false);
  });

  it("offers 'Try again' after the chat service fails, by code", async () => {
    const { session, backend } = await openSession();
    backend.chat.failNext();
    await session.send('Hello');
    const state = await until(session, (s) => s.alerts.length > 0);
    expect(state.alerts).toEqual([{ source: 'action', error: 'failedToGetAiResponse' }]);
    expect(state.smartReplies.map((r) => r.text)).toEqual(['Try again']);
  });
});

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
      session.open(undefined);
      const state = await until(session, (s) => s.conversation.status !== 'resolving');

      expect(state.conversation).toEqual({ status: 'closed' });
      expect(state).toMatchObject({ loaded: true, canSend: false, messages: [], navigateTo: null });
      expect(calls).toEqual([]);
      expect(backend.data.conversations()).toEqual([]);
      // The tab keeps the conversation it has for the business it came from.
      expect(storage.getItem(CONVERSATION_ID_KEY)).toBe('conv-of-another-business');
    },
  );

  it('drops from the URL an id that is no valid conversation of the business, creating none', async () => {
    const { session, backend } = closedSession('sunrise-bakery');
    const elsewhere = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    session.open(elsewhere.id);
    const state = await until(session, (s) => s.conversation.status !== 'resolving');

    expect(state.conversation).toEqual({ status: 'closed' });
    expect(state.navigateTo).toEqual({ conversationId: null });
    expect(backend.data.conversations()).toEqual([elsewhere]);
  });

  it('shows a valid conversation the URL names, read-only: nothing is sent and no new one is made', async () => {
    const storage = memoryStorage();
    const { session, backend } = closedSession('sunrise-bakery', storage);
    const earlier = backend.data.seedConversation({ businessId: 'sunrise-bakery' });
    backend.data.seedMessage(earlier.id, { role: 'user', text: 'Written before the review' });
    session.open(earlier.id);
    const state = await until(session, (s) => s.loaded);

    expect(state.conversation).toEqual({ status: 'ready', conversation: earlier });
    expect(state.messages.map((m) => m.text)).toEqual(['Written before the review']);
    expect(state.canSend).toBe(false);
    expect(await session.send('Hello?')).toBe(false);
    expect(await session.startNewConversation()).toBe(false);
    await session.tryAgain();
    expect(backend.data.messages(earlier.id).map((m) => m.text)).toEqual(['Written before the review']);
    expect(backend.data.conversations()).toEqual([earlier]);
    expect(backend.chat.calls).toEqual([]);
    expect(session.getState().alerts).toEqual([]);
    expect(storage.getItem(CONVERSATION_ID_KEY)).toBeNull();
  });
});
