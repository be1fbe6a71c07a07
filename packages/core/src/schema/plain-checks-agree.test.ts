/**
 * One source of truth: the page checks what it sends and reads with plain checks (../write,
 * ../read/read-answers.ts), and the servers' zod schemas for the same shapes are built from those checks
 * (./zod-of.ts, decision 0035). This test holds zodOf to translating every rule faithfully — a rule it
 * dropped or changed, or a hand-written part of a check (the subscribe ack's `pick`) that disagrees with
 * the rules it declares, fails here. For each pair, generated values (shape-variations.test-support.ts)
 * must be accepted by both or by neither, and kept the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Check } from '../check/check.js';
import { runCheck } from '../check/check.js';
import { isDocumentId, isHandle } from '../model/business.js';
import {
  AuthUserCheck,
  BotCheckTokenCheck,
  ChatResponseCheck,
  ErrorBodyCheck,
  FeedItemCheck,
  SendCodeResultCheck,
  SignInResultCheck,
  SubscribeAckCheck,
  SubscriptionErrorEventCheck,
  UpsertEventCheck,
} from '../read/read-answers.js';
import { ChatResumeBodyCheck, ChatSendBodyCheck, ToolRequestCheck } from '../write/chat-body-checks.js';
import { SendCodeBodyCheck, VerifyCodeBodyCheck } from '../write/identity-bodies.js';
import {
  DocumentIdCheck,
  HandleCheck,
  LastMessageCheck,
  LastMessageUpdateCheck,
  NewConversationCheck,
  NewFeedItemCheck,
  NewMessageCheck,
} from '../write/write-checks.js';
import { DocumentIdSchema, HandleSchema } from './business.js';
import { ChatResponseSchema, ChatResumeBodySchema, ChatSendBodySchema } from './chat-api.js';
import { LastMessageSchema, LastMessageUpdateSchema, NewConversationSchema } from './conversation.js';
import { ErrorBodySchema } from './error-body.js';
import { FeedItemSchema, NewFeedItemSchema } from './feed-item.js';
import {
  BotCheckTokenSchema,
  SendCodeBodySchema,
  SendCodeResultSchema,
  SignInResultSchema,
  SubscribeAckSchema,
  SubscriptionErrorEventSchema,
  UpsertEventSchema,
  VerifyCodeBodySchema,
} from './local-api.js';
import { NewMessageSchema } from './message.js';
import { ToolRequestSchema } from './tool-request.js';
import {
  boundaryString,
  exampleMessage,
  exampleToolRequest,
  mutate,
  mutation,
  pathsOf,
  replacement,
  SWEEP,
} from './shape-variations.test-support.js';
import { AuthUserSchema } from './user.js';

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

const message = exampleMessage;
const toolRequest = exampleToolRequest;
const chatCommon = {
  conversationId: 'conv-1',
  businessId: 'bella-vista-salon',
  profileId: 'default',
  contextType: 'enduser',
  userTimezone: 'America/New_York',
};
const user = { uid: 'u1', phoneNumber: '+15555550100', displayName: null };

/** Each plain check, its schema and valid examples to vary. */
const PAIRS: Array<[string, Check<unknown>, Schema, unknown[]]> = [
  ['DocumentId', DocumentIdCheck, DocumentIdSchema, ['bella-vista_1']],
  ['Handle', HandleCheck, HandleSchema, ['bella.vista']],
  [
    'NewConversation',
    NewConversationCheck,
    NewConversationSchema,
    [{ businessId: 'b1', userId: null, userType: 'anonymous', isOutsideBusinessHours: false }],
  ],
  [
    'NewMessage',
    NewMessageCheck,
    NewMessageSchema,
    [
      { id: 'm-1', role: 'user', text: 'Hi' },
      { id: 'm-2', role: 'system', text: 'Authentication cancelled', type: 'system' },
    ],
  ],
  [
    'LastMessage',
    LastMessageCheck,
    LastMessageSchema,
    [{ text: 'Hi', sender: 'user', sentAt: 1, messageId: 'm1' }],
  ],
  [
    'LastMessageUpdate',
    LastMessageUpdateCheck,
    LastMessageUpdateSchema,
    [{ lastMessage: { text: 'Hi', sender: 'model', sentAt: 0, messageId: 'm1' } }],
  ],
  [
    'NewFeedItem',
    NewFeedItemCheck,
    NewFeedItemSchema,
    [
      {
        type: 'NEW_SIGNUP',
        customerName: 'Ann',
        customerPhone: null,
        conversationId: 'c1',
        message: 'New signup',
      },
    ],
  ],
  [
    'FeedItem',
    FeedItemCheck,
    FeedItemSchema,
    [
      {
        id: 'f1',
        type: 'NEW_SIGNUP',
        createdAt: 3,
        customerName: null,
        customerPhone: '+15555550100',
        conversationId: 'c1',
        message: 'New signup',
      },
    ],
  ],
  ['ChatSendBody', ChatSendBodyCheck, ChatSendBodySchema, [{ ...chatCommon, message: 'Hours?' }]],
  [
    'ChatResumeBody',
    ChatResumeBodyCheck,
    ChatResumeBodySchema,
    [
      {
        ...chatCommon,
        resume: {
          respond: [
            {
              toolRequest,
              response: {
                requiresAuth: true,
                action: 'PHONE_SIGN_IN_DECLINED',
                message: 'Later',
                declined: true,
              },
            },
          ],
        },
      },
    ],
  ],
  ['ToolRequest', ToolRequestCheck, ToolRequestSchema, [toolRequest]],
  [
    'ChatResponse',
    ChatResponseCheck,
    ChatResponseSchema,
    [
      {
        interrupts: [{ toolRequest, metadata: { interrupt: { message: 'Please verify' }, extra: 1 } }],
        smartReplies: ['Prices', { type: 'system', text: 'Verify later' }],
        text: 'not read',
      },
    ],
  ],
  [
    'SendCodeBody',
    SendCodeBodyCheck,
    SendCodeBodySchema,
    [{ phoneNumber: '+15555550100', botCheckToken: 't' }],
  ],
  ['VerifyCodeBody', VerifyCodeBodyCheck, VerifyCodeBodySchema, [{ verificationId: 'v1', code: '123456' }]],
  [
    'ErrorBody',
    ErrorBodyCheck,
    ErrorBodySchema,
    [{ error: { code: 'not-found', message: 'No such thing' } }],
  ],
  ['BotCheckToken', BotCheckTokenCheck, BotCheckTokenSchema, [{ token: 't', expiresAt: 1.5 }]],
  ['SendCodeResult', SendCodeResultCheck, SendCodeResultSchema, [{ verificationId: 'v1' }]],
  ['AuthUser', AuthUserCheck, AuthUserSchema, [user]],
  [
    'SignInResult',
    SignInResultCheck,
    SignInResultSchema,
    [{ user, isNewUser: true, idToken: 'tok', expiresAt: 1000 }],
  ],
  [
    'SubscribeAck',
    SubscribeAckCheck,
    SubscribeAckSchema,
    [
      { ok: true, messages: [{ seq: 1, message }] },
      { ok: false, error: { code: 'permission-denied', message: 'Not yours' } },
    ],
  ],
  ['UpsertEvent', UpsertEventCheck, UpsertEventSchema, [{ conversationId: 'c1', seq: 2, message }]],
  [
    'SubscriptionErrorEvent',
    SubscriptionErrorEventCheck,
    SubscriptionErrorEventSchema,
    [{ conversationId: 'c1', error: { code: 'internal', message: 'Oops' } }],
  ],
];

describe('plain checks accept exactly what their zod schemas accept', () => {
  it.each(PAIRS)(
    '%s',
    (_name, check, schema, seeds) => {
      const agree = (value: unknown) => {
        const fromSchema = schema.safeParse(value);
        const fromCheck = runCheck(check, value);
        // The value is written out only for a disagreement: stringifying each of thousands was most of the time.
        if (fromCheck.ok !== fromSchema.success)
          expect(fromCheck.ok, JSON.stringify(value)?.slice(0, 300)).toBe(fromSchema.success);
        if (fromCheck.ok) expect(fromCheck.value).toStrictEqual(fromSchema.data);
      };
      for (const seed of seeds) {
        expect(schema.safeParse(seed).success, 'the example is valid').toBe(true);
        // Every field (and item) set to every sweep value: each length limit is met off by one.
        pathsOf(seed).forEach((_path, pick) => {
          for (const value of SWEEP) agree(mutate(seed, [{ pick, kind: 'set', value, key: '' }]));
        });
      }
      fc.assert(
        fc.property(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 3 }), (seed, mutations) =>
          agree(mutate(seed, mutations)),
        ),
        { numRuns: 500 },
      );
      // Thousands of values through zod and the check: about a second alone, several on a loaded 2-core
      // machine, where the default 5 s limit was seen reached.
    },
    30_000,
  );

  it('isDocumentId and isHandle agree with their schemas', () => {
    fc.assert(
      fc.property(fc.oneof(boundaryString, replacement, fc.string({ maxLength: 130 })), (value) => {
        expect(isDocumentId(value)).toBe(DocumentIdSchema.safeParse(value).success);
        expect(isHandle(value)).toBe(HandleSchema.safeParse(value).success);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('plain check problems name the field', () => {
  it('names each bad field with its path', () => {
    const result = runCheck(ChatResumeBodyCheck, {
      ...chatCommon,
      userTimezone: '',
      resume: {
        respond: [{ toolRequest, response: { requiresAuth: true, action: 'SIGN_IN', message: '' } }],
      },
    });
    expect(result).toEqual({
      ok: false,
      problem:
        'userTimezone: must not be empty; resume.respond.0.response.action: must be one of "PHONE_SIGN_IN", "PHONE_SIGN_IN_DECLINED"',
    });
  });

  it('says what a bare value must be', () => {
    expect(runCheck(DocumentIdCheck, 'a/b')).toEqual({
      ok: false,
      problem: 'must contain only letters, digits, "_" or "-"',
    });
    expect(runCheck(NewMessageCheck, { id: 'm-1', role: 'model', text: 'x'.repeat(2049) })).toEqual({
      ok: false,
      problem: 'role: must be one of "user", "system"; text: must be at most 2048 characters',
    });
  });
});
