/**
 * §3 Message: the constants the page needs, without the schema library. The zod schemas servers
 * validate with (../schema/message.ts) are built from these; the types are theirs (`import type`).
 */
import type * as z from 'zod/mini';
import type { MessageSchema, NewMessageSchema, SmartReplySchema } from '../schema/message.js';

export const MESSAGE_ROLES = ['user', 'model', 'system'] as const;
/** Who wrote a message. 'user' is the visitor, 'model' the assistant (docs/names.md). */
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** The roles a client may write (§7 "Add a message"); assistant messages come from the chat service. */
export const CLIENT_MESSAGE_ROLES = ['user', 'system'] as const;

export const MESSAGE_TYPES = ['system', 'auth', 'loading'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The longest message text a visitor can send (§9). */
export const MAX_MESSAGE_LENGTH = 2048;

/** The longest text stored for any message, assistant replies included. */
export const MAX_STORED_TEXT_LENGTH = 32_000;

/** A smart reply after normalisation (§5): always an object with a type and a text. */
export type SmartReply = z.infer<typeof SmartReplySchema>;
export type Message = z.infer<typeof MessageSchema>;
export type NewMessage = z.infer<typeof NewMessageSchema>;
