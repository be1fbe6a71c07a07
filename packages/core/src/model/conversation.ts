/**
 * §3 Conversation: the field rules (../fields/conversation-fields.ts) and the types: what the write
 * checks keep (../write/write-checks.ts, the one spelling of the shapes a client writes) and the stored
 * record's zod schema (../schema/conversation.ts), both `import type`. Neither imports this module.
 */
import type * as z from 'zod/mini';
import type { BeforeDefaults, Checked } from '../check/check.js';
import type { ConversationSchema } from '../schema/conversation.js';
import type {
  LastMessageCheck,
  LastMessageUpdateCheck,
  NewConversationCheck,
} from '../write/write-checks.js';

export * from '../fields/conversation-fields.js';

export type LastMessage = Checked<typeof LastMessageCheck>;
/** §3 Conversation, in the 'conversations' collection. Times are epoch milliseconds. */
export type Conversation = z.infer<typeof ConversationSchema>;
/** What a client supplies to create a conversation (§7 "Add a conversation"). */
export type NewConversation = BeforeDefaults<Checked<typeof NewConversationCheck>, 'contextType'>;
export type LastMessageUpdate = Checked<typeof LastMessageUpdateCheck>;
