/**
 * Every request body and socket payload the server accepts, as strict schemas (an unknown key is a 400
 * that names it), built once when the module loads. zod compiles a schema the first time it parses with
 * it, so a `.strict()` written inside a handler made every request build and compile a new schema — the
 * largest avoidable cost on the write path (docs/decisions/0006-mock-server-write-path.md).
 */
import {
  BusinessSchema,
  ChatResumeBodySchema,
  ChatSendBodySchema,
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

export const EmptyBody = z.object({}).strict();
export const BusinessBody = BusinessSchema.strict();
export const NewConversationBody = NewConversationSchema.strict();
export const NewMessageBody = NewMessageSchema.strict();
export const NewFeedItemBody = NewFeedItemSchema.strict();
export const LastMessageUpdateBody = LastMessageUpdateSchema.strict();
export const ChatSendBody = ChatSendBodySchema.strict();
export const ChatResumeBody = ChatResumeBodySchema.strict();
export const SendCodeBody = SendCodeBodySchema.strict();
export const VerifyCodeBody = VerifyCodeBodySchema.strict();
export const RefreshBody = RefreshBodySchema.strict();
export const SubscribePayload = SubscribePayloadSchema.strict();
