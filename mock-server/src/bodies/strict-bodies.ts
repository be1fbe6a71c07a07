/**
 * Every request body and socket payload the server accepts, as strict schemas (an unknown key is a 400
 * that names it), built once when the module loads from the shapes of core's schemas. Core's schemas
 * are zod/mini and strip unknown keys (the page checks the same shapes with core's plain checks); the
 * server is stricter than the page. zod compiles a schema the first time it parses with
 * it, so a `.strict()` written inside a handler made every request build and compile a new schema — the
 * largest avoidable cost on the write path (docs/decisions/0006-mock-server-write-path.md).
 */
import {
  FaultSpecSchema,
  LastMessageUpdateSchema,
  NewConversationSchema,
  NewFeedItemSchema,
  NewMessageSchema,
  REFRESH_BODY_HAS_ONE_TOKEN,
  RefreshBodySchema,
  SendCodeBodySchema,
  SubscribePayloadSchema,
  VerifyCodeBodySchema,
} from '@chat/core';
import { z } from 'zod';

export const EmptyBody = z.strictObject({});
export const FaultSpecBody = z.strictObject(FaultSpecSchema.shape);
export const NewConversationBody = z.strictObject(NewConversationSchema.shape);
/**
 * The page always chooses the message's id (so a retried save is stored once); a hand-made request
 * (curl, the README's examples) may leave it out and gets a new one.
 */
export const NewMessageBody = z.strictObject({
  ...NewMessageSchema.shape,
  id: z.optional(NewMessageSchema.shape.id),
});
export const NewFeedItemBody = z.strictObject(NewFeedItemSchema.shape);
export const LastMessageUpdateBody = z.strictObject(LastMessageUpdateSchema.shape);
export const SendCodeBody = z.strictObject(SendCodeBodySchema.shape);
export const VerifyCodeBody = z.strictObject(VerifyCodeBodySchema.shape);
export const RefreshBody = z.strictObject(RefreshBodySchema.shape).refine(REFRESH_BODY_HAS_ONE_TOKEN.holds, {
  message: REFRESH_BODY_HAS_ONE_TOKEN.message,
  path: ['idToken'],
});
export const SubscribePayload = z.strictObject(SubscribePayloadSchema.shape);
