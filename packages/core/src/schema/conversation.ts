import { DEFAULT_CONTEXT_TYPE, USER_TYPES } from '../model/conversation.js';
import { MAX_MESSAGE_LENGTH } from '../model/message.js';
import { DocumentIdSchema } from './business.js';
import { MessageRoleSchema } from './message.js';
import { z } from './zod.js';

export const UserTypeSchema = z.enum(USER_TYPES);

/** Epoch milliseconds. */
const TimeSchema = z.int().check(z.nonnegative());

export const LastMessageSchema = z.object({
  text: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH)),
  sender: MessageRoleSchema,
  sentAt: TimeSchema,
  messageId: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export const ConversationSchema = z.object({
  id: DocumentIdSchema,
  businessId: DocumentIdSchema,
  userId: z.nullable(z.string().check(z.minLength(1), z.maxLength(128))),
  userType: UserTypeSchema,
  summaryFeedPosted: z.boolean(),
  contextType: z.string().check(z.minLength(1), z.maxLength(64)),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
  /** When the conversation stops being usable. Missing (null) counts as expired. */
  expiredAt: z.nullable(TimeSchema),
  isOutsideBusinessHours: z.boolean(),
  lastMessage: z.optional(z.nullable(LastMessageSchema)),
  signupFeedPosted: z.boolean(),
});

/**
 * What a client supplies to create a conversation (§7 "Add a conversation"). The backend sets
 * createdAt, updatedAt, expiredAt (createdAt + 24 h), summaryFeedPosted and signupFeedPosted (false).
 */
export const NewConversationSchema = z.object({
  businessId: DocumentIdSchema,
  userId: z.nullable(z.string().check(z.minLength(1), z.maxLength(128))),
  userType: UserTypeSchema,
  contextType: z._default(z.string().check(z.minLength(1), z.maxLength(64)), DEFAULT_CONTEXT_TYPE),
  isOutsideBusinessHours: z.boolean(),
});

/** §7 "Merge lastMessage and updatedAt on a conversation": updatedAt is set by the backend. */
export const LastMessageUpdateSchema = z.object({ lastMessage: LastMessageSchema });
