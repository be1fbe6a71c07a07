/**
 * §3 Message: the field rules (../fields/message-fields.ts) and the types, which are the zod schemas'
 * (../schema/message.ts, `import type`). The schemas never import this module.
 */
import type * as z from 'zod/mini';
import type { MessageSchema, NewMessageSchema, SmartReplySchema } from '../schema/message.js';

export * from '../fields/message-fields.js';

/** A smart reply after normalisation (§5): always an object with a type and a text. */
export type SmartReply = z.infer<typeof SmartReplySchema>;
export type Message = z.infer<typeof MessageSchema>;
export type NewMessage = z.infer<typeof NewMessageSchema>;
