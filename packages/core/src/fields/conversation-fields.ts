/** §3 Conversation: its field rules and limits, in one place (imports nothing; see business-fields.ts). */

export const USER_TYPES = ['enduser', 'anonymous'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const DEFAULT_CONTEXT_TYPE = 'enduser';

/** The longest contextType a conversation may have (firestore.rules holds a checked copy). */
export const MAX_CONTEXT_TYPE_LENGTH = 64;
