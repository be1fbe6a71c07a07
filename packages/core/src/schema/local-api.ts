import { ERROR_CODES } from '../errors.js';
import { readMessage } from '../read/read-message.js';
import { FAULT_OPERATIONS } from '../fields/fault-operations.js';
import { MAX_TOKEN_LENGTH } from '../fields/identity-fields.js';
import { SendCodeBodyCheck, VerifyCodeBodyCheck } from '../write/identity-bodies.js';
import { DocumentIdSchema } from './business.js';
import type { MessageSchema } from './message.js';
import { AuthUserSchema } from './user.js';
import { z } from './zod.js';
import { zodObjectOf } from './zod-of.js';

export const BotCheckTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresAt: z.number(),
});

export const SendCodeBodySchema = zodObjectOf(SendCodeBodyCheck);

export const SendCodeResultSchema = z.object({ verificationId: z.string().check(z.minLength(1)) });

export const VerifyCodeBodySchema = zodObjectOf(VerifyCodeBodyCheck);

export const SignInResultSchema = z.object({
  user: AuthUserSchema,
  /** On verify-code: whether the number signed in for the first time (a signup). Absent on refresh. */
  isNewUser: z.optional(z.boolean()),
  idToken: z.string().check(z.minLength(1)),
  /** Epoch ms when idToken stops being accepted. */
  expiresAt: z.number(),
  /**
   * A long-lived token that gets a new ID token once this one has expired, as Firebase's refresh
   * token does: a session outlives its ID token's hour (and the mock server's clock moves).
   */
  refreshToken: z.optional(z.string().check(z.minLength(1))),
});

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

/**
 * A message as the live stream carries it, read liberally (core's readMessage): a message of an
 * unknown type or with an overlong smart reply is shown, not refused; only one without an id, a
 * role, a text or a time fails, naming what is missing.
 */
const StreamedMessageSchema = z.pipe(
  z.unknown(),
  z.transform((raw, ctx): z.infer<typeof MessageSchema> => {
    const read = readMessage(raw);
    if (read.ok) return read.value;
    ctx.issues.push({ code: 'custom', message: read.problem, input: raw });
    return z.NEVER;
  }),
);

/** A message with the server's sequence number of its latest change. */
export const SequencedMessageSchema = z.object({
  seq: z.int().check(z.nonnegative()),
  message: StreamedMessageSchema,
});

export const SubscribePayloadSchema = z.object({
  conversationId: DocumentIdSchema,
  /** Resume: only changes with a sequence number above this are sent. Omit for everything. */
  afterSeq: z.optional(z.int().check(z.nonnegative())),
  /** Required for a conversation created by a signed-in visitor. */
  idToken: z.optional(TokenText),
});

export const SocketErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

export const SubscribeAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** Every message changed after afterSeq (all of them without it), ordered by seq. */
    messages: z.array(SequencedMessageSchema),
  }),
  z.object({ ok: z.literal(false), error: SocketErrorSchema }),
]);

export const UnsubscribePayloadSchema = z.object({ conversationId: DocumentIdSchema });

export const UpsertEventSchema = z.object({
  conversationId: DocumentIdSchema,
  seq: z.int().check(z.nonnegative()),
  message: StreamedMessageSchema,
});

export const SubscriptionErrorEventSchema = z.object({
  conversationId: DocumentIdSchema,
  error: SocketErrorSchema,
});

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
