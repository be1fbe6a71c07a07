import { describe, expect, it } from 'vitest';
import type { Message } from '../model/message.js';
import {
  hasStoredInterrupt,
  interruptKey,
  pendingAuthMessage,
  restoredSmartReplies,
  userTextBefore,
} from './auth-interrupt.js';

let clock = 0;
const m = (role: Message['role'], extra: Partial<Message> = {}): Message => ({
  id: `m${++clock}`,
  role,
  text: `${role} text`,
  createdAt: clock,
  ...extra,
});
const auth = (ref?: string) =>
  m('model', { type: 'auth', toolRequest: { name: 'requestPhoneSignIn', ...(ref ? { ref } : {}) } });

describe('pendingAuthMessage', () => {
  it('is the last auth message when only assistant text follows it', () => {
    const prompt = auth('r1');
    expect(pendingAuthMessage([m('user'), m('model'), prompt, m('model')])).toBe(prompt);
  });

  it('is null once a visitor or system message answered it', () => {
    expect(pendingAuthMessage([m('user'), auth('r1'), m('user')])).toBeNull();
    expect(pendingAuthMessage([m('user'), auth('r1'), m('system')])).toBeNull();
  });

  it('is the newest of two auth messages (one at a time)', () => {
    const newer = auth('r2');
    expect(pendingAuthMessage([auth('r1'), newer])).toBe(newer);
  });

  it('is null for an interrupt the page already answered', () => {
    expect(pendingAuthMessage([auth('r1')], new Set(['ref:r1']))).toBeNull();
  });

  it('ignores auth-typed messages that are not the assistant’s', () => {
    expect(pendingAuthMessage([m('user', { type: 'auth' })])).toBeNull();
  });
});

describe('interruptKey and hasStoredInterrupt', () => {
  it('keys by the tool request ref, else by the message id', () => {
    expect(interruptKey({ name: 'x', ref: 'a' }, 'id1')).toBe('ref:a');
    expect(interruptKey({ name: 'x' }, 'id1')).toBe('id:id1');
    const prompt = auth('r9');
    expect(hasStoredInterrupt([prompt], 'ref:r9')).toBe(true);
    expect(hasStoredInterrupt([prompt], 'ref:r8')).toBe(false);
  });
});

describe('userTextBefore', () => {
  it('is the last non-empty visitor text before the index', () => {
    const list = [m('user', { text: 'first' }), m('user', { text: ' ' }), m('model'), auth()];
    expect(userTextBefore(list, 3)).toBe('first');
    expect(userTextBefore(list, 0)).toBeNull();
  });
});

describe('restoredSmartReplies', () => {
  const replies = [{ type: 'chat', text: 'Hours' }];
  it('are the latest assistant message’s, past a pending auth message', () => {
    expect(restoredSmartReplies([m('user'), m('model', { smartReplies: replies })])).toEqual(replies);
    expect(restoredSmartReplies([m('model', { smartReplies: replies }), auth('r')])).toEqual(replies);
  });
  it('are none when a visitor or system message came after', () => {
    expect(restoredSmartReplies([m('model', { smartReplies: replies }), m('user')])).toEqual([]);
    expect(restoredSmartReplies([m('model', { smartReplies: replies }), m('system')])).toEqual([]);
    expect(restoredSmartReplies([])).toEqual([]);
  });
});
