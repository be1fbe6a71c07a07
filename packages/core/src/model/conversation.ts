/**
 * §3 Conversation: the field rules (../fields/conversation-fields.ts) and the types, which are the zod
 * schemas' (../schema/conversation.ts, `import type`). The schemas never import this module.
 */
import type * as z from 'zod/mini';
import type {
  ConversationSchema,
  LastMessageSchema,
  LastMessageUpdateSchema,
  NewConversationSchema,
} from '../schema/conversation.js';

export * from '../fields/conversation-fields.js';

export type LastMessage = z.infer<typeof LastMessageSchema>;
/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export type Conversation = z.infer<typeof ConversationSchema>;
/** What a client supplies to create a conversation (§7 "Add a conversation"). */
export type NewConversation = z.input<typeof NewConversationSchema>;
export type LastMessageUpdate = z.infer<typeof LastMessageUpdateSchema>;
