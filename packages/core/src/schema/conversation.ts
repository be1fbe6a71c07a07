import { DEFAULT_CONTEXT_TYPE, MAX_CONTEXT_TYPE_LENGTH, USER_TYPES } from '../fields/conversation-fields.js';
import { MAX_UID_LENGTH } from '../fields/user-fields.js';
import { DocumentIdSchema } from './business.js';
import { LastMessageCheck, LastMessageUpdateCheck, NewConversationCheck } from '../write/write-checks.js';
import { z } from './zod.js';
import { zodObjectOf } from './zod-of.js';

export const UserTypeSchema = z.enum(USER_TYPES);

/** Epoch milliseconds. */
const TimeSchema = z.int().check(z.nonnegative());

/** A visitor's uid, or null for an anonymous conversation. */
const UserIdSchema = z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_UID_LENGTH)));

const ContextTypeSchema = z.string().check(z.minLength(1), z.maxLength(MAX_CONTEXT_TYPE_LENGTH));

/** A contextType, DEFAULT_CONTEXT_TYPE when left out (a new conversation, a chat body). */
export const ContextTypeOrDefaultSchema = z._default(ContextTypeSchema, DEFAULT_CONTEXT_TYPE);

export const LastMessageSchema = zodObjectOf(LastMessageCheck);

/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export const ConversationSchema = z.object({
  id: DocumentIdSchema,
  businessId: DocumentIdSchema,
  userId: UserIdSchema,
  userType: UserTypeSchema,
  summaryFeedPosted: z.boolean(),
  contextType: ContextTypeSchema,
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
export const NewConversationSchema = zodObjectOf(NewConversationCheck);

/** §7 "Merge lastMessage and updatedAt on a conversation": updatedAt is set by the backend. */
export const LastMessageUpdateSchema = zodObjectOf(LastMessageUpdateCheck);
