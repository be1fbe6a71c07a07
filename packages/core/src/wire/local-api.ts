/**
 * The protocol between the mock server (mock-server/) and its clients (packages/local): HTTP
 * routes, socket.io events and their payload schemas. Both sides import this file, so a change
 * to the protocol is made here once. Paths are relative to the server's base URL.
 */
import { ERROR_CODES } from '../errors.js';
import { DocumentIdSchema } from '../model/business.js';
import type { Message } from '../model/message.js';
import { readMessage } from '../read/read-message.js';
import { AuthUserSchema } from '../model/user.js';
import { z } from '../model/zod.js';

/** HTTP routes of the data API (§7 reads and writes). Bearer token optional; see mock-server/README.md. */
export const DATA_ROUTES = {
  /** GET → Business, 404 when unknown. */
  businessById: (id: string) => `/data/businesses/${encodeURIComponent(id)}`,
  /** GET → Business (first match, limit 1), 404 when none. */
  businessByHandle: (handle: string) => `/data/businesses/by-handle/${encodeURIComponent(handle)}`,
  /** GET → Conversation, 404 when unknown, 403 when it belongs to another visitor. */
  conversation: (id: string) => `/data/conversations/${encodeURIComponent(id)}`,
  /** POST NewConversation → 201 Conversation. */
  conversations: '/data/conversations',
  /** POST NewMessage → 201 Message. */
  messages: (conversationId: string) => `/data/conversations/${encodeURIComponent(conversationId)}/messages`,
  /** PATCH { lastMessage } → 204; sets updatedAt. */
  lastMessage: (conversationId: string) =>
    `/data/conversations/${encodeURIComponent(conversationId)}/last-message`,
  /** POST → 204; sets signupFeedPosted. */
  signupFeedPosted: (conversationId: string) =>
    `/data/conversations/${encodeURIComponent(conversationId)}/signup-feed-posted`,
  /** POST NewFeedItem → 201 FeedItem. */
  feed: (businessId: string) => `/data/businesses/${encodeURIComponent(businessId)}/feed`,
} as const;

/** HTTP routes of the identity provider. */
export const IDENTITY_ROUTES = {
  /** POST {} → BotCheckToken. The invisible bot check; its token is required by sendCode. */
  botCheck: '/identity/bot-check',
  /** POST SendCodeBody → SendCodeResult. */
  sendCode: '/identity/send-code',
  /** POST VerifyCodeBody → SignInResult. */
  verifyCode: '/identity/verify-code',
  /** POST { idToken } → SignInResult with a fresh token (while the old one is still valid). */
  refresh: '/identity/refresh',
} as const;

export const BotCheckTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresAt: z.number(),
});
export type BotCheckToken = z.infer<typeof BotCheckTokenSchema>;

export const SendCodeBodySchema = z.object({
  phoneNumber: z.string().check(z.minLength(1), z.maxLength(32)),
  botCheckToken: z.string().check(z.minLength(1), z.maxLength(2000)),
});
export type SendCodeBody = z.infer<typeof SendCodeBodySchema>;

export const SendCodeResultSchema = z.object({ verificationId: z.string().check(z.minLength(1)) });
export type SendCodeResult = z.infer<typeof SendCodeResultSchema>;

export const VerifyCodeBodySchema = z.object({
  verificationId: z.string().check(z.minLength(1), z.maxLength(200)),
  code: z.string().check(z.minLength(1), z.maxLength(16)),
});
export type VerifyCodeBody = z.infer<typeof VerifyCodeBodySchema>;

export const SignInResultSchema = z.object({
  user: AuthUserSchema,
  /** On verify-code: whether the number signed in for the first time (a signup). Absent on refresh. */
  isNewUser: z.optional(z.boolean()),
  idToken: z.string().check(z.minLength(1)),
  /** Epoch ms when idToken stops being accepted. */
  expiresAt: z.number(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const RefreshBodySchema = z.object({ idToken: z.string().check(z.minLength(1), z.maxLength(4000)) });

/** socket.io event names, namespaced as "<entity>:<verb>". */
export const SOCKET_EVENTS = {
  /** client → server, with ack: start (or resume) a conversation's live messages. */
  subscribe: 'messages:subscribe',
  /** client → server: stop a conversation's live messages. */
  unsubscribe: 'messages:unsubscribe',
  /** server → client: a message was added or changed (a streamed reply grows in place). */
  upsert: 'messages:upsert',
  /** server → client: the live subscription failed; the client reports it and stops. */
  error: 'messages:error',
} as const;

/**
 * A message as the live stream carries it, read liberally (core's readMessage): a message of an
 * unknown type or with an overlong smart reply is shown, not refused; only one without an id, a
 * role, a text or a time fails, naming what is missing.
 */
const StreamedMessageSchema = z.pipe(
  z.unknown(),
  z.transform((raw, ctx): Message => {
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
export type SequencedMessage = z.infer<typeof SequencedMessageSchema>;

export const SubscribePayloadSchema = z.object({
  conversationId: DocumentIdSchema,
  /** Resume: only changes with a sequence number above this are sent. Omit for everything. */
  afterSeq: z.optional(z.int().check(z.nonnegative())),
  /** Required for a conversation created by a signed-in visitor. */
  idToken: z.optional(z.string().check(z.minLength(1), z.maxLength(4000))),
});
export type SubscribePayload = z.infer<typeof SubscribePayloadSchema>;

export const SocketErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

export const SubscribeAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** Every message changed after afterSeq (all of them without it), ordered by seq. */
    messages: z.array(SequencedMessageSchema),
  }),
  z.object({ ok: z.literal(false), error: SocketErrorSchema }),
]);
export type SubscribeAck = z.infer<typeof SubscribeAckSchema>;

export const UnsubscribePayloadSchema = z.object({ conversationId: DocumentIdSchema });

export const UpsertEventSchema = z.object({
  conversationId: DocumentIdSchema,
  seq: z.int().check(z.nonnegative()),
  message: StreamedMessageSchema,
});
export type UpsertEvent = z.infer<typeof UpsertEventSchema>;

export const SubscriptionErrorEventSchema = z.object({
  conversationId: DocumentIdSchema,
  error: SocketErrorSchema,
});
export type SubscriptionErrorEvent = z.infer<typeof SubscriptionErrorEventSchema>;

/** Typed event maps for socket.io's generics, shared by server and client. */
export interface ServerToClientEvents {
  'messages:upsert': (event: UpsertEvent) => void;
  'messages:error': (event: SubscriptionErrorEvent) => void;
}
export interface ClientToServerEvents {
  'messages:subscribe': (payload: SubscribePayload, ack: (answer: SubscribeAck) => void) => void;
  'messages:unsubscribe': (payload: z.infer<typeof UnsubscribePayloadSchema>) => void;
}

/** The mock server's health check, outside /control so it answers with the control API off too. */
export const HEALTH_PATH = '/healthz';

/**
 * The header every state-changing control call (POST, PUT, PATCH, DELETE under /control) carries,
 * with the value '1'. A custom header forces a CORS preflight, which a foreign web page fails, so a
 * page the developer happens to visit cannot drive the control API with a "simple" request.
 */
export const CONTROL_HEADER = 'X-Mock-Control';

/** Headers of a state-changing control call: both are required (403 without either). */
export const CONTROL_CALL_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  [CONTROL_HEADER]: '1',
};

/** HTTP routes of the control API (tests and demo staff). */
export const CONTROL_ROUTES = {
  health: '/control/health',
  reset: '/control/reset',
  business: (id: string) => `/control/businesses/${encodeURIComponent(id)}`,
  /** GET → { items: FeedItem[] }: a business's feed, oldest first (the data API cannot read it). */
  feed: (businessId: string) => `/control/businesses/${encodeURIComponent(businessId)}/feed`,
  conversations: '/control/conversations',
  otp: '/control/otp',
  faults: '/control/faults',
  clock: '/control/clock',
  /**
   * POST → { dropped: number }: cuts every socket's connection as a network failure would; clients
   * reconnect by themselves and resume from the last sequence number they saw.
   */
  dropSockets: '/control/sockets/drop',
} as const;

/** Operations whose next calls the control API can make fail. */
export const FAULT_OPERATIONS = [
  'chat',
  'listen',
  'otp.send',
  'otp.verify',
  'botcheck',
  'data.addMessage',
  'data.createConversation',
  'data.getConversation',
  'data.getBusiness',
] as const;
export type FaultOperation = (typeof FAULT_OPERATIONS)[number];

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
export type FaultSpec = z.input<typeof FaultSpecSchema>;

export const ClockSpecSchema = z.union([
  z.strictObject({ offsetMs: z.int() }),
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
]);
export type ClockSpec = z.infer<typeof ClockSpecSchema>;
