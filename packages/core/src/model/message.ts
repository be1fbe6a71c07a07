/**
 * §3 Message: the field rules (../fields/message-fields.ts) and the types: the stored message's zod
 * schema (../schema/message.ts) and what a client writes, the write check's
 * (../write/write-checks.ts), both `import type`. Neither imports this module.
 */
import type * as z from 'zod/mini';
import type { Checked } from '../check/check.js';
import type { MessageSchema, SmartReplySchema } from '../schema/message.js';
import type { NewMessageCheck } from '../write/write-checks.js';

export * from '../fields/message-fields.js';

/** A smart reply after normalisation (§5): always an object with a type and a text. */
export type SmartReply = z.infer<typeof SmartReplySchema>;
export type Message = z.infer<typeof MessageSchema>;
export type NewMessage = Checked<typeof NewMessageCheck>;
