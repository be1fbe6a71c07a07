/**
 * Every request body and socket payload the server accepts, as strict schemas (an unknown key is a 400
 * that names it), built once when the module loads from core's schemas, keeping their rules across
 * fields (`strict`). Core's schemas are zod/mini and strip unknown keys (the page checks the same shapes
 * with core's plain checks); the server is stricter than the page. zod compiles a schema the first time
 * it parses with it, so a `.strict()` written inside a handler made every request build and compile a
 * new schema — the largest avoidable cost on the write path (docs/decisions/0006-mock-server-write-path.md).
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
// core's schemas are zod/mini's: their strict copies are made with its functions.
import { catchall, never, optional, safeExtend, type ZodMiniObject } from 'zod/mini';

/**
 * The schema refusing unknown keys, with everything else it checks — its rules across fields too (a
 * new message's type and text by its role): a strict object rebuilt from `.shape` would drop those.
 */
function strict<S extends ZodMiniObject>(schema: S) {
  return catchall(schema, never());
}

export const EmptyBody = z.strictObject({});
export const FaultSpecBody = strict(FaultSpecSchema);
export const NewConversationBody = strict(NewConversationSchema);
/**
 * The page always chooses the message's id (so a retried save is stored once); a hand-made request
 * (curl, the README's examples) may leave it out and gets a new one. safeExtend keeps the schema's rule
 * across fields (what each role may write); its types allow only narrowing a field, so the schema is
 * named as one without `id` for the widening.
 */
type NewMessageShapeWithoutId = Omit<typeof NewMessageSchema.shape, 'id'>;
export const NewMessageBody = strict(
  safeExtend(NewMessageSchema as unknown as ZodMiniObject<NewMessageShapeWithoutId>, {
    id: optional(NewMessageSchema.shape.id),
  }),
);
export const NewFeedItemBody = strict(NewFeedItemSchema);
export const LastMessageUpdateBody = strict(LastMessageUpdateSchema);
export const SendCodeBody = strict(SendCodeBodySchema);
export const VerifyCodeBody = strict(VerifyCodeBodySchema);
export const RefreshBody = z.strictObject(RefreshBodySchema.shape).refine(REFRESH_BODY_HAS_ONE_TOKEN.holds, {
  message: REFRESH_BODY_HAS_ONE_TOKEN.message,
  path: ['idToken'],
});
export const SubscribePayload = strict(SubscribePayloadSchema);
