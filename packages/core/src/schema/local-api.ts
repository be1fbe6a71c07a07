import {
  BotCheckTokenCheck,
  SendCodeResultCheck,
  SequencedMessageCheck,
  SequenceCheck,
  SignInResultCheck,
  SubscribeAckCheck,
  SubscriptionErrorEventCheck,
  UpsertEventCheck,
} from '../read/read-answers.js';
import { FAULT_OPERATIONS } from '../fields/fault-operations.js';
import { MAX_TOKEN_LENGTH } from '../fields/identity-fields.js';
import { SendCodeBodyCheck, VerifyCodeBodyCheck } from '../write/identity-bodies.js';
import { DocumentIdSchema } from './business.js';
import { z } from './zod.js';
import { zodObjectOf, zodOf } from './zod-of.js';

/** The answers (and their parts) the page reads are spelled once, as checks: ../read/read-answers.ts. */
export const BotCheckTokenSchema = zodObjectOf(BotCheckTokenCheck);

export const SendCodeBodySchema = zodObjectOf(SendCodeBodyCheck);

export const SendCodeResultSchema = zodObjectOf(SendCodeResultCheck);

export const VerifyCodeBodySchema = zodObjectOf(VerifyCodeBodyCheck);

export const SignInResultSchema = zodObjectOf(SignInResultCheck);

const TokenText = z.string().check(z.minLength(1), z.maxLength(MAX_TOKEN_LENGTH));

/**
 * `{ refreshToken }` (any time until it expires), or `{ idToken }` while that token is still valid:
 * exactly one (REFRESH_BODY_HAS_ONE_TOKEN).
 */
export const RefreshBodySchema = z.object({
  idToken: z.optional(TokenText),
  refreshToken: z.optional(TokenText),
});

export const REFRESH_BODY_HAS_ONE_TOKEN = {
  holds: (body: { idToken?: string; refreshToken?: string }) =>
    (body.idToken === undefined) !== (body.refreshToken === undefined),
  message: 'give exactly one of idToken and refreshToken',
};

/** A message with the server's sequence number of its latest change, the message read liberally. */
export const SequencedMessageSchema = zodObjectOf(SequencedMessageCheck);

export const SubscribePayloadSchema = z.object({
  conversationId: DocumentIdSchema,
  /** Resume: only changes with a sequence number above this are sent. Omit for everything. */
  afterSeq: z.optional(zodOf(SequenceCheck)),
  /** Required for a conversation created by a signed-in visitor. */
  idToken: z.optional(TokenText),
});

export const SubscribeAckSchema = zodOf(SubscribeAckCheck);

export const UnsubscribePayloadSchema = z.object({ conversationId: DocumentIdSchema });

export const UpsertEventSchema = zodObjectOf(UpsertEventCheck);

export const SubscriptionErrorEventSchema = zodObjectOf(SubscriptionErrorEventCheck);

/**
 * POST /control/faults body. `error` is an HTTP status (as a number or numeric string) for 'chat'
 * and the data operations, and an error code (e.g. 'too-many-requests') for the identity operations
 * and 'listen'.
 */
export const FaultSpecSchema = z.object({
  operation: z.enum(FAULT_OPERATIONS),
  error: z.union([z.int().check(z.gte(400), z.lte(599)), z.string().check(z.minLength(1), z.maxLength(64))]),
  count: z._default(z.int().check(z.gte(1), z.lte(1000)), 1),
});

/** POST /control/clock `{ offsetMs }`: the clock reads that far from the real time. */
export const ClockOffsetSpecSchema = z.strictObject({ offsetMs: z.int() });
/** POST /control/clock `{ now }`: the clock reads that instant now. */
export const ClockNowSpecSchema = z.strictObject({ now: z.iso.datetime({ offset: true }) });
export const ClockSpecSchema = z.union([ClockOffsetSpecSchema, ClockNowSpecSchema]);
