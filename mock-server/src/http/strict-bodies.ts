/**
 * Every request body and socket payload the server accepts, as strict schemas (an unknown key is a 400
 * that names it), built once when the module loads from the shapes of core's schemas. Core's schemas
 * are zod/mini and strip unknown keys (the page checks the same shapes with core's plain checks); the
 * server is stricter than the page. zod compiles a schema the first time it parses with
 * it, so a `.strict()` written inside a handler made every request build and compile a new schema — the
 * largest avoidable cost on the write path (docs/decisions/0006-mock-server-write-path.md).
 */
import {
  BusinessSchema,
  ChatResumeBodySchema,
  ChatSendBodySchema,
  FaultSpecSchema,
  LastMessageUpdateSchema,
  NewConversationSchema,
  NewFeedItemSchema,
  NewMessageSchema,
  RefreshBodySchema,
  SendCodeBodySchema,
  SubscribePayloadSchema,
  VerifyCodeBodySchema,
} from '@chat/core';
import { z } from 'zod';
import { isIanaTimeZone } from './iana-time-zone.js';

export const EmptyBody = z.strictObject({});
export const FaultSpecBody = z.strictObject(FaultSpecSchema.shape);
export const BusinessBody = z.strictObject(BusinessSchema.shape);
export const NewConversationBody = z.strictObject(NewConversationSchema.shape);
export const NewMessageBody = z.strictObject(NewMessageSchema.shape);
export const NewFeedItemBody = z.strictObject(NewFeedItemSchema.shape);
export const LastMessageUpdateBody = z.strictObject(LastMessageUpdateSchema.shape);
/** The visitor's time zone: an IANA zone the server's Intl knows, or the answer would be computed in none. */
const UserTimezone = z
  .string()
  .min(1)
  .max(64)
  .refine(isIanaTimeZone, {
    error: (issue) =>
      `unknown time zone ${JSON.stringify(issue.input)}; expected an IANA zone such as America/New_York`,
  });
export const ChatSendBody = z.strictObject({ ...ChatSendBodySchema.shape, userTimezone: UserTimezone });
export const ChatResumeBody = z.strictObject({ ...ChatResumeBodySchema.shape, userTimezone: UserTimezone });
export const SendCodeBody = z.strictObject(SendCodeBodySchema.shape);
export const VerifyCodeBody = z.strictObject(VerifyCodeBodySchema.shape);
export const RefreshBody = z.strictObject(RefreshBodySchema.shape);
export const SubscribePayload = z.strictObject(SubscribePayloadSchema.shape);
