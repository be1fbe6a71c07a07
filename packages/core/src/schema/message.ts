import {
  MAX_STORED_TEXT_LENGTH,
  MESSAGE_ROLES,
  MESSAGE_TYPES,
  SMART_REPLY,
} from '../fields/message-fields.js';
import { ToolRequestSchema } from './tool-request.js';
import { NewMessageCheck } from '../write/write-checks.js';
import { z } from './zod.js';
import { zodObjectOf } from './zod-of.js';

export const MessageRoleSchema = z.enum(MESSAGE_ROLES);
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);

/** A smart reply after normalisation (§5): always an object with a type and a text. */
export const SmartReplySchema = z.object({
  type: z._default(
    z.string().check(z.minLength(1), z.maxLength(SMART_REPLY.maxTypeLength)),
    SMART_REPLY.defaultType,
  ),
  text: z.string().check(z.minLength(1), z.maxLength(SMART_REPLY.maxTextLength)),
});

/** §3 Message, in the 'messages' sub-collection of a conversation. Times are epoch milliseconds. */
export const MessageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  role: MessageRoleSchema,
  text: z.string().check(z.maxLength(MAX_STORED_TEXT_LENGTH)),
  createdAt: z.int().check(z.nonnegative()),
  smartReplies: z.optional(z.array(SmartReplySchema)),
  type: z.optional(MessageTypeSchema),
  /** True while an assistant reply is still streaming in; absent or false once complete. */
  streaming: z.optional(z.boolean()),
  /**
   * True on an assistant reply that ended before it was complete — its writer was stopped (a
   * shutdown that could not wait, a crash found by the next turn): its text is what arrived, and the
   * page offers 'Try again' (issue 27).
   */
  cut: z.optional(z.boolean()),
  /**
   * On an `auth` message: the chat service's tool request that asked for phone sign-in, so the page
   * can resume it after a reload (see docs/decisions/0010-stored-auth-message.md).
   */
  toolRequest: z.optional(ToolRequestSchema),
});

/**
 * What a client may write (§7 "Add a message"). Clients write only user and system messages;
 * assistant messages come from the chat service. The client chooses the id, so writing the same
 * message twice (a Retry after a save that timed out but landed) stores it once.
 */
export const NewMessageSchema = zodObjectOf(NewMessageCheck);
