// The assistant's answers as the ChatSession waits for them, without a browser.
import { ProviderError } from '@chat/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLY_MESSAGE_GRACE_MS } from './session-machine.js';
import { openSession, stopSessions } from './testing/open-session.js';
import { until } from './testing/session-harness.js';

afterEach(() => {
  stopSessions();
  vi.useRealTimers();
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

  it('tells a visitor past a fair limit (429) to wait, politely, and keeps Try again for later', async () => {
    const { session, backend } = await openSession();
    backend.chat.failNext(new ProviderError('too-many-requests', 'You have sent many messages', 429));
    await session.send('Hello');
    const state = await until(session, (s) => s.alerts.length > 0);
    expect(state.alerts).toEqual([{ source: 'action', error: 'tooManyMessages' }]);
    expect(state.smartReplies.map((r) => r.text)).toEqual(['Try again']);
  });
});
