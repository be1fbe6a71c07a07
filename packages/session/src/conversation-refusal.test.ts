import { describe, expect, it } from 'vitest';
import { ProviderError, type ErrorCode } from '@chat/core';
import { conversationRefusal } from './conversation-refusal.js';

const refused = (code: ErrorCode) => new ProviderError(code, code);

describe('conversationRefusal (when the page resolves a new conversation instead of failing)', () => {
  it('takes a conversation the stream or a write cannot find, or may not use, as gone', () => {
    for (const from of ['listen', 'write'] as const) {
      expect(conversationRefusal(refused('not-found'), from)).toBe('gone');
      expect(conversationRefusal(refused('permission-denied'), from)).toBe('gone');
    }
  });

  it('from the chat service: not-found is gone, failed-precondition is expired; permission-denied is not (it can be the business)', () => {
    expect(conversationRefusal(refused('not-found'), 'chat')).toBe('gone');
    expect(conversationRefusal(refused('failed-precondition'), 'chat')).toBe('expired');
    expect(conversationRefusal(refused('permission-denied'), 'chat')).toBeNull();
  });

  it('leaves every other failure to the §8 texts', () => {
    for (const code of ['unavailable', 'internal', 'invalid-argument', 'unauthenticated'] as const) {
      for (const from of ['listen', 'write', 'chat'] as const) {
        expect(conversationRefusal(refused(code), from)).toBeNull();
      }
    }
    expect(conversationRefusal(new Error('not-found'), 'write')).toBeNull();
  });
});
