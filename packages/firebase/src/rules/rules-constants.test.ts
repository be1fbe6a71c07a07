/**
 * firestore.rules holds copies of core's limits and definitions (its "checked copies" block): this test
 * reads the rules file and fails when a copy differs from packages/core, so the page, the rules and the
 * chat service keep one definition. No emulator needed.
 */
import { readFileSync } from 'node:fs';
import {
  CLIENT_MESSAGE_ROLES,
  ConversationSchema,
  CONVERSATION_LIFETIME_MS,
  FEED_ITEM_TYPE,
  FeedItemSchema,
  LastMessageSchema,
  NewMessageSchema,
  DISPLAY_NAME_PATTERN,
  DOCUMENT_ID,
  MAX_CONTEXT_TYPE_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_RETENTION_AFTER_EXPIRY_MS,
  SIGNUP_MESSAGE_SUFFIX,
  SYSTEM_NOTICE_TEXTS,
  TTL_FIELD,
  TRIMMED_RANGES,
} from '@chat/core';
import { describe, expect, it } from 'vitest';
import { RULES_PATH } from './rules-test-env.js';

const rules = readFileSync(RULES_PATH, 'utf8');

/** The value a rules function `function name() { return <JSON literal>; }` returns. */
function rulesConstant(name: string): unknown {
  const match = new RegExp(`function ${name}\\(\\) \\{ return (.*); \\}`).exec(rules);
  if (!match) throw new Error(`firestore.rules has no one-line function ${name}()`);
  return JSON.parse(match[1]!);
}

/** TRIMMED_RANGES as an RE2 character class, and the pattern that strips it from both ends. */
function trimPatternFromCore(): string {
  const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;
  const set = TRIMMED_RANGES.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join(
    '',
  );
  return `^[${set}]+|[${set}]+$`;
}

type Shape = Record<string, { _zod: { optin?: string } }>;

/** The stored fields of a schema's shape: its keys, less the document id (the path holds it). */
function storedFields(shape: Shape, extra: string[] = []): { all: string[]; required: string[] } {
  const keys = [...Object.keys(shape).filter((key) => key !== 'id'), ...extra];
  return { all: keys, required: keys.filter((key) => shape[key]?._zod.optin !== 'optional') };
}

describe('firestore.rules agrees with packages/core', () => {
  it('on the limits', () => {
    expect(rulesConstant('conversationLifetimeSeconds')).toBe(CONVERSATION_LIFETIME_MS / 1000);
    expect(rulesConstant('maxRetentionSeconds')).toBe(MAX_RETENTION_AFTER_EXPIRY_MS / 1000);
    expect(rulesConstant('maxMessageLength')).toBe(MAX_MESSAGE_LENGTH);
    expect(rulesConstant('maxDocumentIdLength')).toBe(DOCUMENT_ID.maxLength);
    expect(rulesConstant('documentIdPattern')).toBe(DOCUMENT_ID.pattern.source);
    expect(rulesConstant('maxContextTypeLength')).toBe(MAX_CONTEXT_TYPE_LENGTH);
  });

  it('on trimming, the display name fit for the feed and the signup message', () => {
    expect(rulesConstant('trimPattern')).toBe(trimPatternFromCore());
    expect(rulesConstant('displayNamePattern')).toBe(DISPLAY_NAME_PATTERN);
    expect(rulesConstant('signupMessageSuffix')).toBe(SIGNUP_MESSAGE_SUFFIX);
  });

  it('on the system notices the page saves, in every shipped language', () => {
    // The list core's NewMessageCheck (the mock server, the in-memory backend) allows, which
    // system-notices.test.ts holds to the catalogues.
    expect(rulesConstant('systemMessageTexts')).toEqual(SYSTEM_NOTICE_TEXTS);
  });

  it("on each record's fields, which the schemas name", () => {
    const conversation = storedFields(ConversationSchema.shape, [TTL_FIELD]);
    expect(rulesConstant('conversationFields')).toEqual(conversation.all);
    expect(rulesConstant('requiredConversationFields')).toEqual(conversation.required);
    expect(rulesConstant('lastMessageFields')).toEqual(storedFields(LastMessageSchema.shape).all);
    // The backend stamps a message's createdAt; the client's NewMessage has none. Both carry the TTL field.
    const message = storedFields(NewMessageSchema.shape, ['createdAt', TTL_FIELD]);
    expect(rulesConstant('newMessageFields')).toEqual(message.all);
    expect(rulesConstant('requiredNewMessageFields')).toEqual(message.required);
    expect(rulesConstant('feedItemFields')).toEqual(storedFields(FeedItemSchema.shape).all);
    expect(rulesConstant('clientMessageRoles')).toEqual(CLIENT_MESSAGE_ROLES);
    expect(rulesConstant('feedItemType')).toBe(FEED_ITEM_TYPE);
  });

  it('uses the copies rather than literals of its own', () => {
    // Each limit appears once, in its function; a stray 2048 or 'h' duration would be a second definition.
    expect(rules.match(/\b2048\b/g)).toHaveLength(1);
    expect(rules).not.toMatch(/\.trim\(\)/);
    expect(rules).not.toMatch(/duration\.value\(\d+, 'h'\)/);
    // A field list is written once, in its function: a second list of a record's keys would be a copy.
    expect(rules.match(/'sentAt'|"sentAt"/g)).toHaveLength(1);
    expect(rules.match(/'customerPhone'|"customerPhone"/g)).toHaveLength(1);
    expect(rules.match(/'isOutsideBusinessHours'|"isOutsideBusinessHours"/g)).toHaveLength(2);
  });
});
