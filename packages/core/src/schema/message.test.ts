import { describe, expect, it } from 'vitest';
import { MessageSchema, NewMessageSchema, SmartReplySchema } from './message.js';

describe('NewMessageSchema (§7 "Add a message" from a client)', () => {
  it('accepts user and system messages up to 2048 characters', () => {
    expect(NewMessageSchema.parse({ id: 'm-1', role: 'user', text: 'Hello' })).toEqual({
      id: 'm-1',
      role: 'user',
      text: 'Hello',
    });
    expect(
      NewMessageSchema.parse({ id: 'm-2', role: 'system', text: 'Authentication cancelled', type: 'system' }),
    ).toEqual({
      id: 'm-2',
      role: 'system',
      text: 'Authentication cancelled',
      type: 'system',
    });
    expect(NewMessageSchema.safeParse({ id: 'm-1', role: 'user', text: 'a'.repeat(2048) }).success).toBe(
      true,
    );
  });

  it("rejects role 'model': assistant messages come only from the chat service", () => {
    const result = NewMessageSchema.safeParse({ id: 'm-1', role: 'model', text: 'I am the assistant' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['role']);
  });

  it('rejects text over 2048 characters, naming text', () => {
    const result = NewMessageSchema.safeParse({ id: 'm-1', role: 'user', text: 'a'.repeat(2049) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['text']);
  });

  it('needs the id the client chose, a document id', () => {
    expect(NewMessageSchema.safeParse({ role: 'user', text: 'x' }).success).toBe(false);
    expect(NewMessageSchema.safeParse({ id: 'a/b', role: 'user', text: 'x' }).success).toBe(false);
  });

  it('rejects an unknown message type', () => {
    expect(NewMessageSchema.safeParse({ id: 'm-1', role: 'user', text: 'x', type: 'chat' }).success).toBe(
      false,
    );
  });
});

describe('MessageSchema (§3 Message)', () => {
  it('accepts an assistant message with smart replies', () => {
    const message = {
      id: 'm1',
      role: 'model',
      text: 'How can I help?',
      createdAt: Date.UTC(2026, 2, 9, 12, 0),
      smartReplies: [{ type: 'chat', text: 'Prices' }],
    };
    expect(MessageSchema.parse(message)).toEqual(message);
  });

  it('rejects a role outside user, model and system', () => {
    expect(MessageSchema.safeParse({ id: 'm1', role: 'ai', text: 'x', createdAt: 0 }).success).toBe(false);
  });
});

describe('SmartReplySchema (§3: a list of objects with type and text)', () => {
  it("defaults type to 'chat' and requires text", () => {
    expect(SmartReplySchema.parse({ text: 'Prices' })).toEqual({ type: 'chat', text: 'Prices' });
    expect(SmartReplySchema.safeParse({ type: 'chat', text: '' }).success).toBe(false);
  });
});
