/**
 * The protocol between the mock server (mock-server/) and its clients (packages/local): HTTP
 * routes, socket.io events and their payload types. Both sides import this file, so a change to the
 * protocol is made here once. Paths are relative to the server's base URL. The zod schemas the
 * server validates with are in ../schema/local-api.ts, those of the answers built from the checks the
 * client reads them with (../read/read-answers.ts), so the page carries no schema library.
 */
import type * as z from 'zod/mini';
import type {
  ClockSpecSchema,
  FaultSpecSchema,
  SubscribePayloadSchema,
  UnsubscribePayloadSchema,
} from '../schema/local-api.js';
import type { Checked } from '../check/check.js';
import type {
  BotCheckTokenCheck,
  SendCodeResultCheck,
  SequencedMessageCheck,
  SignInResultCheck,
  SubscribeAckCheck,
  SubscriptionErrorEventCheck,
  UpsertEventCheck,
} from '../read/read-answers.js';
import type { SendCodeBodyCheck, VerifyCodeBodyCheck } from '../write/identity-bodies.js';

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
  /** POST { refreshToken } (or { idToken } while it is still valid) → SignInResult with a fresh ID token. */
  refresh: '/identity/refresh',
} as const;

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

export type BotCheckToken = Checked<typeof BotCheckTokenCheck>;
export type SendCodeBody = Checked<typeof SendCodeBodyCheck>;
export type SendCodeResult = Checked<typeof SendCodeResultCheck>;
export type VerifyCodeBody = Checked<typeof VerifyCodeBodyCheck>;
export type SignInResult = Checked<typeof SignInResultCheck>;
export type SequencedMessage = Checked<typeof SequencedMessageCheck>;
export type SubscribePayload = z.infer<typeof SubscribePayloadSchema>;
export type SubscribeAck = Checked<typeof SubscribeAckCheck>;
export type UpsertEvent = Checked<typeof UpsertEventCheck>;
export type SubscriptionErrorEvent = Checked<typeof SubscriptionErrorEventCheck>;
export type FaultSpec = z.input<typeof FaultSpecSchema>;
export type ClockSpec = z.infer<typeof ClockSpecSchema>;
export type UnsubscribePayload = z.infer<typeof UnsubscribePayloadSchema>;

/** Typed event maps for socket.io's generics, shared by server and client. */
export interface ServerToClientEvents {
  'messages:upsert': (event: UpsertEvent) => void;
  'messages:error': (event: SubscriptionErrorEvent) => void;
}
export interface ClientToServerEvents {
  'messages:subscribe': (payload: SubscribePayload, ack: (answer: SubscribeAck) => void) => void;
  'messages:unsubscribe': (payload: UnsubscribePayload) => void;
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

export { FAULT_OPERATIONS, type FaultOperation } from '../fields/fault-operations.js';
export * from '../fields/identity-fields.js';
