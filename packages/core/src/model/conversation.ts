/**
 * §3 Conversation: the constants the page needs, without the schema library. The zod schemas servers
 * validate with (../schema/conversation.ts) are built from these; the types are theirs (`import type`).
 */
import type * as z from 'zod/mini';
import type {
  ConversationSchema,
  LastMessageSchema,
  LastMessageUpdateSchema,
  NewConversationSchema,
} from '../schema/conversation.js';

export const USER_TYPES = ['enduser', 'anonymous'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const DEFAULT_CONTEXT_TYPE = 'enduser';

/** The longest contextType a conversation may have (firestore.rules holds a checked copy). */
export const MAX_CONTEXT_TYPE_LENGTH = 64;

export type LastMessage = z.infer<typeof LastMessageSchema>;
/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export type Conversation = z.infer<typeof ConversationSchema>;
/** What a client supplies to create a conversation (§7 "Add a conversation"). */
export type NewConversation = z.input<typeof NewConversationSchema>;
export type LastMessageUpdate = z.infer<typeof LastMessageUpdateSchema>;
