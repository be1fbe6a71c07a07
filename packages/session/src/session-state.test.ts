import { describe, expect, it } from 'vitest';
import { specialActionFor, type ChatInterrupt, type Message } from '@chat/core';
import {
  INTERRUPT_SMART_REPLIES,
  RETRY_SMART_REPLIES,
  conversationReducer,
  initialConversationState,
  type ConversationAction,
  type ConversationState,
} from './session-state.js';
import { AUTH_MESSAGE_ID, displayedMessages, isTyping, pendingInterrupt } from './session-view.js';

const msg = (id: string, role: Message['role'], createdAt: number): Message => ({
  id,
  role,
  text: `${role} ${id}`,
  createdAt,
});

const INTERRUPT: ChatInterrupt = { toolRequest: { name: 'requestPhoneSignIn', ref: 'r-1' } };

const run = (...actions: ConversationAction[]): ConversationState =>
  actions.reduce(conversationReducer, initialConversationState);

describe('conversationReducer and isTyping: the typing indicator', () => {
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
    expect(conversationReducer(waiting, { type: 'reply-overdue' })).toBe(waiting);
    const answered = conversationReducer(waiting, { type: 'reply-received', smartReplies: [] });
    const overdue = conversationReducer(answered, { type: 'reply-overdue' });
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

    // The same interrupt arriving again after it was answered ends the wait but shows nothing.
    const again = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'interrupt-received', interrupt: INTERRUPT, smartReplies: [], previousUserText: 'Hi', now: 5 },
      { type: 'interrupt-closed', key: 'ref:r-1' },
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

describe('conversationReducer: failures', () => {
  it('ends the wait, shows the alert and offers the given smart replies', () => {
    const state = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'failed', alert: 'failedToGetAiResponse', smartReplies: RETRY_SMART_REPLIES },
    );
    expect(state.awaiting).toBeNull();
    expect(state.alert).toBe('failedToGetAiResponse');
    expect(state.smartReplies).toEqual([{ type: 'system', text: 'Try again', action: 'try-again' }]);
  });

  it('keeps the current smart replies when the failure offers none', () => {
    const replies = [{ type: 'chat', text: 'Book' }];
    const state = run(
      { type: 'reply-received', smartReplies: replies },
      { type: 'failed', alert: 'failedToSendMessage' },
    );
    expect(state.smartReplies).toEqual(replies);
  });

  it("offers a retry whose English words are §4's special text 'try again'", () => {
    expect(RETRY_SMART_REPLIES.map((r) => specialActionFor(r.text))).toEqual(['try-again']);
  });
});

describe('pendingInterrupt: one auth message at a time, once per tool request (§4)', () => {
  const second: ChatInterrupt = { toolRequest: { name: 'requestPhoneSignIn', ref: 'r-2' } };
  const receive = (interrupt: ChatInterrupt, now = 5): ConversationAction => ({
    type: 'interrupt-received',
    interrupt,
    smartReplies: [],
    previousUserText: 'Book me in',
    now,
  });
  const authMessage = (id: string, ref: string, createdAt: number): Message => ({
    id,
    role: 'model',
    type: 'auth',
    text: 'Please verify',
    createdAt,
    toolRequest: { name: 'requestPhoneSignIn', ref },
  });

  it('asks again after a decline: a new tool request shows a new widget', () => {
    const state = run(receive(INTERRUPT), { type: 'interrupt-closed', key: 'ref:r-1' }, receive(second, 9));
    const pending = pendingInterrupt([], state);
    expect(pending?.toolRequest.ref).toBe('r-2');
    expect(displayedMessages([], pending).filter((m) => m.type === 'auth')).toHaveLength(1);
  });

  it('shows one widget when the answer and the stored auth message carry the same interrupt', () => {
    const state = run(receive(INTERRUPT));
    const stored = [msg('u-1', 'user', 1), authMessage('a-1', 'r-1', 2)];
    const pending = pendingInterrupt(stored, state);
    expect(pending?.messageId).toBe('a-1');
    const shown = displayedMessages(stored, pending);
    expect(shown.map((m) => m.id)).toEqual(['u-1', 'a-1']);
  });

  it('shows the answer’s interrupt until its stored auth message arrives', () => {
    const pending = pendingInterrupt([msg('u-1', 'user', 1)], run(receive(INTERRUPT)));
    expect(pending?.messageId).toBe(AUTH_MESSAGE_ID);
    expect(pending?.previousUserText).toBe('Book me in');
  });

  it('after a reload, a stored auth message nothing answered is pending, with its tool request', () => {
    const stored = [
      { ...msg('u-1', 'user', 1), text: 'Book me in' },
      msg('m-1', 'model', 2),
      authMessage('a-1', 'r-1', 3),
    ];
    const pending = pendingInterrupt(stored, initialConversationState);
    expect(pending).toMatchObject({ key: 'ref:r-1', messageId: 'a-1', previousUserText: 'Book me in' });
    expect(pending?.toolRequest).toEqual({ name: 'requestPhoneSignIn', ref: 'r-1' });
  });

  it('a stored auth message answered by a later visitor or system message is not shown', () => {
    const stored = [authMessage('a-1', 'r-1', 1), msg('s-1', 'system', 2)];
    expect(pendingInterrupt(stored, initialConversationState)).toBeNull();
    expect(displayedMessages(stored, null).map((m) => m.id)).toEqual(['s-1']);
    // Answered here: gone at once, before the answering message arrives.
    const answered = run({ type: 'interrupt-closed', key: 'ref:r-1' });
    expect(pendingInterrupt([authMessage('a-1', 'r-1', 1)], answered)).toBeNull();
  });
});

describe('conversationReducer: restored smart replies', () => {
  it('puts the stored replies back once, unless the visitor already acted', () => {
    const replies = [{ type: 'chat', text: 'Hours' }];
    expect(run({ type: 'restored', smartReplies: replies }).smartReplies).toEqual(replies);
    const twice = run(
      { type: 'restored', smartReplies: replies },
      { type: 'action-started' },
      { type: 'restored', smartReplies: replies },
    );
    expect(twice.smartReplies).toEqual([]);
    const busy = run(
      { type: 'awaiting-reply', afterMessageId: 'u-1' },
      { type: 'restored', smartReplies: replies },
    );
    expect(busy.smartReplies).toEqual([]);
  });
});
