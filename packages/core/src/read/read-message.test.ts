import { describe, expect, it } from 'vitest';
import { SMART_REPLY } from '../model/message.js';
import { readMessage } from './read-message.js';
import { readConversation } from './read-conversation.js';

const base = { id: 'm1', role: 'model', text: 'Hello', createdAt: 5 };

describe('readMessage', () => {
  it('shows a message of an unknown type as an ordinary message of its role', () => {
    const result = readMessage({ ...base, type: 'carousel', cards: [1, 2] });
    expect(result).toEqual({
      ok: true,
      warnings: [],
      value: { id: 'm1', role: 'model', text: 'Hello', createdAt: 5 },
    });
  });

  it('clips an overlong smart reply for display instead of dropping the message', () => {
    const long = 'x'.repeat(500);
    const result = readMessage({ ...base, smartReplies: [long, { type: 'chat', text: 'Short' }] });
    if (!result.ok) throw new Error(result.problem);
    const [first, second] = result.value.smartReplies!;
    expect(first!.text).toHaveLength(SMART_REPLY.maxTextLength);
    expect(first!.text.endsWith('…')).toBe(true);
    expect(second).toEqual({ type: 'chat', text: 'Short' });
  });

  it('keeps an auth message’s tool request and drops malformed extras', () => {
    const result = readMessage({
      ...base,
      type: 'auth',
      toolRequest: { name: 'requestPhoneSignIn', ref: 'r1' },
      streaming: 'yes',
    });
    expect(result).toMatchObject({
      ok: true,
      value: { type: 'auth', toolRequest: { name: 'requestPhoneSignIn', ref: 'r1' } },
    });
    expect(result.ok && result.value.streaming).toBeUndefined();
    const bad = readMessage({ ...base, toolRequest: { ref: 1 } });
    expect(bad.ok && bad.value.toolRequest).toBeUndefined();
  });

  it.each([
    [{ ...base, id: '' }, 'id'],
    [{ ...base, role: 'bot' }, 'role'],
    [{ ...base, text: 3 }, 'text'],
    [{ ...base, createdAt: 'yesterday' }, 'createdAt'],
  ])('cannot read %j (%s)', (raw, field) => {
    const result = readMessage(raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain(field);
  });
});

describe('readConversation', () => {
  it('fills what another tool left out and drops unknown fields', () => {
    const result = readConversation({ businessId: 'b1', channel: 'sms' }, 'c1');
    expect(result).toEqual({
      ok: true,
      warnings: [],
      value: {
        id: 'c1',
        businessId: 'b1',
        userId: null,
        userType: 'anonymous',
        summaryFeedPosted: false,
        contextType: 'enduser',
        createdAt: 0,
        updatedAt: 0,
        expiredAt: null,
        isOutsideBusinessHours: false,
        signupFeedPosted: false,
      },
    });
  });

  it('reads a malformed lastMessage as none, and needs a businessId', () => {
    const result = readConversation({ businessId: 'b1', expiredAt: 10, lastMessage: { text: 1 } }, 'c1');
    expect(result.ok && result.value.lastMessage).toBeNull();
    expect(result.ok && result.value.expiredAt).toBe(10);
    expect(readConversation({}, 'c1')).toMatchObject({ ok: false, problem: 'businessId: missing' });
  });
});
