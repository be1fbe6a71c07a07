import { describe, expect, it } from 'vitest';
import { specialActionFor, type ChatInterrupt, type Message } from '@chat/core';
import {
  INTERRUPT_SMART_REPLIES,
  RETRY_SMART_REPLIES,
  chatReducer,
  initialChatState,
  isTyping,
  type ChatAction,
  type ChatState,
} from './chat-state.js';

const msg = (id: string, role: Message['role'], createdAt: number): Message => ({
  id,
  role,
  text: `${role} ${id}`,
  createdAt,
});

const INTERRUPT: ChatInterrupt = { toolRequest: { name: 'requestPhoneSignIn', ref: 'r-1' } };

const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState);

describe('chatReducer and isTyping: the typing indicator', () => {
  const mine = msg('u-1', 'user', 1);

  it('shows while waiting, also before the visitor’s own message is in the list', () => {
    const state = run({ type: 'awaiting-reply', afterMessageId: 'u-1' });
    expect(isTyping(state.awaiting, [])).toBe(true);
    expect(isTyping(state.awaiting, [mine])).toBe(true);
  });

  it('stays after the HTTP answer until the reply message appears', () => {
    // Regression: 'reply-received' used to end the wait, a moment before the streamed message showed.
    const state = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'reply-received', smartReplies: [{ type: 'chat', text: 'Thanks' }] },
    );
    expect(state.awaiting).toEqual({ afterMessageId: 'u-1', answered: true });
    expect(state.smartReplies).toEqual([{ type: 'chat', text: 'Thanks' }]);
    expect(isTyping(state.awaiting, [mine])).toBe(true);
    expect(isTyping(state.awaiting, [mine, msg('s-1', 'system', 2)])).toBe(true);
    expect(isTyping(state.awaiting, [mine, msg('m-1', 'model', 3)])).toBe(false);
  });

  it('ignores assistant messages from before the awaited one', () => {
    const state = run({ type: 'awaiting-reply', afterMessageId: 'u-2' });
    const earlier = [msg('m-0', 'model', 0), msg('u-2', 'user', 1)];
    expect(isTyping(state.awaiting, earlier)).toBe(true);
  });

  it('ends when the answer is overdue, but never before the chat service has answered', () => {
    const waiting = run({ type: 'awaiting-reply', afterMessageId: 'u-1' });
    expect(chatReducer(waiting, { type: 'reply-overdue' })).toBe(waiting);
    const answered = chatReducer(waiting, { type: 'reply-received', smartReplies: [] });
    const overdue = chatReducer(answered, { type: 'reply-overdue' });
    expect(overdue.awaiting).toBeNull();
    expect(isTyping(overdue.awaiting, [mine])).toBe(false);
  });

  it('ends at once when the answer is an interrupt: no message is coming', () => {
    const first = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'interrupt-received', interrupt: INTERRUPT, smartReplies: [], previousUserText: 'Hi', now: 5 },
    );
    expect(first.awaiting).toBeNull();
    expect(first.smartReplies).toEqual(INTERRUPT_SMART_REPLIES);

    // Once the auth message has been shown, a second interrupt ends the wait too.
    const again = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'interrupt-received', interrupt: INTERRUPT, smartReplies: [], previousUserText: 'Hi', now: 5 },
      { type: 'interrupt-closed' },
      { type: 'awaiting-reply', afterMessageId: 'u-3' },
      { type: 'interrupt-received', interrupt: INTERRUPT, smartReplies: [], previousUserText: 'Hi', now: 9 },
    );
    expect(again.awaiting).toBeNull();
    expect(again.interrupt).toBeNull();
  });

  it('a new message starts a fresh, unanswered wait', () => {
    const state = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'reply-received', smartReplies: [] },
      { type: 'awaiting-reply', afterMessageId: 'u-2' },
    );
    expect(state.awaiting).toEqual({ afterMessageId: 'u-2', answered: false });
  });

  it('a reply with nothing awaited leaves the indicator off', () => {
    const state = run({ type: 'reply-received', smartReplies: [] });
    expect(state.awaiting).toBeNull();
  });
});

describe('chatReducer: failures', () => {
  it('ends the wait, shows the alert and offers the given smart replies', () => {
    const state = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'failed', alert: 'Failed to get AI response', smartReplies: RETRY_SMART_REPLIES },
    );
    expect(state.awaiting).toBeNull();
    expect(state.alert).toBe('Failed to get AI response');
    expect(state.smartReplies).toEqual([{ type: 'system', text: 'Try again' }]);
  });

  it('keeps the current smart replies when the failure offers none', () => {
    const replies = [{ type: 'chat', text: 'Book' }];
    const state = run(
      { type: 'set-smart-replies', smartReplies: replies },
      { type: 'failed', alert: 'Failed to send message' },
    );
    expect(state.smartReplies).toEqual(replies);
  });

  it("offers a retry that is the special text 'try again'", () => {
    expect(RETRY_SMART_REPLIES.map((r) => specialActionFor(r.text))).toEqual(['try-again']);
  });
});
