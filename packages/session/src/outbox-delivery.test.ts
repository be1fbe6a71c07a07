// Delivering the visitor's messages, through the ChatSession without a browser: one write and one
// chat call each, a failed save kept for Retry under the same id, a save that timed out and landed
// after all, and messages typed offline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError, type ChatService } from '@chat/core';
import { createInMemoryBackend, type InMemoryBackend } from '@chat/contract/in-memory';
import { openSession, stopSessions, visitorTexts } from './testing/open-session.js';
import { switchableNetwork, until } from './testing/session-harness.js';

afterEach(stopSessions);

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
    // Asked once: the question that left with the timed-out save was withdrawn (decision 0025).
    expect(backend.chat.calls.filter((call) => !backend.chat.withdrawn(call))).toHaveLength(1);
    expect(backend.data.messages(conversationId).filter((m) => m.role === 'model')).toHaveLength(1);
  });

  it('a late landing before any Retry shows the message as sent and gets it answered', async () => {
    const { session, backend, conversationId } = await openSession({ deadlines });
    const slow = backend.data.holdNext('addMessage');
    expect(await session.send('Are you open?')).toBe(false);
    slow.release();
    const state = await until(session, (s) => s.messages.some((m) => m.text === 'You said: Are you open?'));
    expect(state.messages.filter((m) => m.role === 'user').map((m) => m.delivery)).toEqual([undefined]);
    expect(visitorTexts(backend, conversationId)).toEqual(['Are you open?']);
    expect(backend.chat.calls.filter((call) => !backend.chat.withdrawn(call))).toHaveLength(1);
    expect(backend.data.messages(conversationId).filter((m) => m.role === 'model')).toHaveLength(1);
  });
});

describe('ChatSession: the question travels with the save (decision 0025)', () => {
  /** The backend's chat service, with each call's outcome kept for the test to wait on. */
  function watchedChat(backend: InMemoryBackend) {
    const outcomes: Array<Promise<unknown>> = [];
    const chat: ChatService = {
      send(body, options) {
        const answer = backend.chat.send(body, options);
        outcomes.push(answer.catch((error: unknown) => error));
        return answer;
      },
      resume: (body, options) => backend.chat.resume(body, options),
    };
    return { chat, outcomes };
  }

  it('asks while the save is on its way, naming the message; the reply comes once it is stored, after it', async () => {
    const { session, backend, conversationId } = await openSession();
    const slow = backend.data.holdNext('addMessage');
    const sent = session.send('Do you cut curly hair?');
    await slow.started;
    const pending = session.getState().messages.at(-1)!;
    await vi.waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    expect(backend.chat.calls[0]).toMatchObject({
      kind: 'send',
      body: { message: 'Do you cut curly hair?', messageId: pending.id },
    });
    expect(backend.data.messages(conversationId)).toEqual([]); // nothing answered before the save

    slow.release();
    expect(await sent).toBe(true);
    const state = await until(session, (s) =>
      s.messages.some((m) => m.text === 'You said: Do you cut curly hair?'),
    );
    expect(state.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Do you cut curly hair?'],
      ['model', 'You said: Do you cut curly hair?'],
    ]);
    expect(backend.chat.calls).toHaveLength(1);
  });

  it('a failed save withdraws its question; Retry asks afresh, and the message is answered once', async () => {
    const { session, backend, conversationId } = await openSession();
    const save = backend.data.holdNext('addMessage');
    backend.data.failNext('addMessage');
    const sent = session.send('Hello?');
    await vi.waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    save.release(); // and it fails
    expect(await sent).toBe(false);
    expect(session.getState().alerts).toEqual([{ source: 'action', error: 'failedToSendMessage' }]);
    const failed = session.getState().messages.at(-1)!;
    expect(backend.chat.withdrawn(backend.chat.calls[0]!)).toBe(true);

    expect(await session.retry(failed.id)).toBe(true);
    await until(session, (s) => s.messages.some((m) => m.text === 'You said: Hello?'));
    expect(backend.chat.calls).toHaveLength(2);
    expect(backend.chat.withdrawn(backend.chat.calls[1]!)).toBe(false);
    expect(backend.data.messages(conversationId).map((m) => [m.role, m.text])).toEqual([
      ['user', 'Hello?'],
      ['model', 'You said: Hello?'],
    ]);
  });

  it('a save slower than the service waits: the service refuses the question, and it is asked again once saved', async () => {
    const backend = createInMemoryBackend({ savedMessageWaitMs: 20 });
    const { chat, outcomes } = watchedChat(backend);
    const { session, conversationId } = await openSession({ backend, chat });
    const slow = backend.data.holdNext('addMessage');
    const sent = session.send('Is Saturday free?');
    await slow.started;
    await vi.waitFor(() => expect(outcomes).toHaveLength(1));
    expect(await outcomes[0]).toMatchObject({ code: 'message-not-saved' });

    slow.release();
    expect(await sent).toBe(true);
    const state = await until(session, (s) =>
      s.messages.some((m) => m.text === 'You said: Is Saturday free?'),
    );
    expect(state.alerts).toEqual([]);
    // Both name the message they answer (issue 27): the service answers it once.
    const named = backend.chat.calls.map((c) => (c.kind === 'send' ? c.body.messageId : null));
    expect(named).toHaveLength(2);
    expect(named[0]).toBeTruthy();
    expect(named[1]).toBe(named[0]);
    expect(backend.data.messages(conversationId).filter((m) => m.role === 'model')).toHaveLength(1);
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
