import { describe, expect, it } from 'vitest';
import { runCheck } from '../check/check.js';
import { SYSTEM_NOTICE_TEXTS } from '../text/system-notices.js';
import { NewMessageCheck } from '../write/write-checks.js';
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

describe('what a role may write, as firestore.rules isNewMessage (the check and the schema alike)', () => {
  /** The check's problem and the schema's issue for `message`, or null when it is accepted. */
  function refusal(message: object): { check: string; schema: string } | null {
    const checked = runCheck(NewMessageCheck, { id: 'm-1', ...message });
    const parsed = NewMessageSchema.safeParse({ id: 'm-1', ...message });
    expect(parsed.success).toBe(checked.ok);
    if (checked.ok) return null;
    const issue = parsed.error!.issues[0]!;
    return { check: checked.problem, schema: `${issue.path.join('.')}: ${issue.message}` };
  }

  it("accepts a visitor's text with no type, spaces around it included, and every notice the page saves", () => {
    expect(refusal({ role: 'user', text: ' Hello ' })).toBeNull();
    expect(SYSTEM_NOTICE_TEXTS).toContain('✓ Phone number verified successfully');
    for (const text of SYSTEM_NOTICE_TEXTS)
      expect(refusal({ role: 'system', type: 'system', text })).toBeNull();
  });

  it.each([
    // Before: every one of these was accepted, the blank ones then shown as the conversation's lastMessage.
    [{ role: 'user', text: '' }, 'text: must not be blank on a visitor\'s message (role "user")'],
    [{ role: 'user', text: '   ' }, 'text: must not be blank'],
    [{ role: 'user', text: '\u3000\u00a0\n\t\ufeff' }, 'text: must not be blank'],
    [{ role: 'user', text: 'x', type: 'auth' }, 'type: must be absent on a visitor\'s message (role "user")'],
    [{ role: 'user', text: 'x', type: 'loading' }, 'type: must be absent'],
    [{ role: 'user', text: 'x', type: 'system' }, 'type: must be absent'],
    [{ role: 'system', text: 'Authentication cancelled' }, 'type: must be "system" on a system message'],
    [{ role: 'system', type: 'auth', text: 'Authentication cancelled' }, 'type: must be "system"'],
    [
      { role: 'system', type: 'system', text: 'Your account is suspended, call 555-0000' },
      'text: must be one of the page\'s notices on a system message (role "system"): "✓ Phone number verified successfully"',
    ],
    // A notice is matched exactly, as the rules' `in`: not trimmed, not in another case.
    [{ role: 'system', type: 'system', text: ' Authentication cancelled' }, 'text: must be one of'],
    [{ role: 'system', type: 'system', text: 'authentication cancelled' }, 'text: must be one of'],
  ])('refuses %j, naming the field', (message, problem) => {
    const refused = refusal(message);
    expect(refused?.check).toContain(problem);
    expect(refused?.schema).toContain(problem);
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
