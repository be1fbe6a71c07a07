/** §3 Message: its field rules and limits, in one place (imports nothing; see business-fields.ts). */

export const MESSAGE_ROLES = ['user', 'model', 'system'] as const;
/** Who wrote a message. 'user' is the visitor, 'model' the assistant (docs/names.md). */
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** The roles a client may write (§7 "Add a message"); assistant messages come from the chat service. */
export const CLIENT_MESSAGE_ROLES = ['user', 'system'] as const;

export const MESSAGE_TYPES = ['system', 'auth', 'loading'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The longest message text a visitor can send (§9), and so the longest lastMessage text. */
export const MAX_MESSAGE_LENGTH = 2048;

/** The longest text stored for any message, assistant replies included. */
export const MAX_STORED_TEXT_LENGTH = 32_000;

/** A smart reply after normalisation (§5): its type (default 'chat') and its text. */
export const SMART_REPLY = { defaultType: 'chat', maxTypeLength: 32, maxTextLength: 200 } as const;

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export const TOOL_REQUEST = { maxNameLength: 100, maxRefLength: 200 } as const;
