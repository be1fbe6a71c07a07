import { z } from 'zod';
import { DocumentIdSchema } from './business.js';
import { MessageRoleSchema } from './message.js';

export const USER_TYPES = ['enduser', 'anonymous'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

export const DEFAULT_CONTEXT_TYPE = 'enduser';

export const LastMessageSchema = z.object({
  text: z.string().max(2048),
  sender: MessageRoleSchema,
  sentAt: z.number().int().nonnegative(),
  messageId: z.string().min(1).max(128),
});
export type LastMessage = z.infer<typeof LastMessageSchema>;

/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export const ConversationSchema = z.object({
  id: DocumentIdSchema,
  businessId: DocumentIdSchema,
  userId: z.string().min(1).max(128).nullable(),
  userType: UserTypeSchema,
  summaryFeedPosted: z.boolean(),
  contextType: z.string().min(1).max(64),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  /** When the conversation stops being usable. Missing (null) counts as expired. */
  expiredAt: z.number().int().nonnegative().nullable(),
  isOutsideBusinessHours: z.boolean(),
  lastMessage: LastMessageSchema.nullable().optional(),
  signupFeedPosted: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/**
 * What a client supplies to create a conversation (§7 "Add a conversation"). The backend sets
 * createdAt, updatedAt, expiredAt (createdAt + 24 h), summaryFeedPosted and signupFeedPosted (false).
 */
export const NewConversationSchema = z.object({
  businessId: DocumentIdSchema,
  userId: z.string().min(1).max(128).nullable(),
  userType: UserTypeSchema,
  contextType: z.string().min(1).max(64).default(DEFAULT_CONTEXT_TYPE),
  isOutsideBusinessHours: z.boolean(),
});
export type NewConversation = z.input<typeof NewConversationSchema>;

/** §7 "Merge lastMessage and updatedAt on a conversation": updatedAt is set by the backend. */
export const LastMessageUpdateSchema = z.object({ lastMessage: LastMessageSchema });
export type LastMessageUpdate = z.infer<typeof LastMessageUpdateSchema>;
