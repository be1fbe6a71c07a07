/**
 * What a client writes (§7), checked before anything is sent, spelled once: these plain checks (../check)
 * are the shapes, the types (../model) are what they keep, and the servers' zod schemas for the same
 * writes are built from them (../schema/zod-of.ts, decision 0035). A bad value is refused in the page
 * with a message naming the field, without the schema library in the page's bundle. Imports only
 * ../check, ../fields and two modules that import nothing of the model or the schemas (trimming, the
 * system notices), so the model and the schemas can both build on this file without a circle.
 */
import {
  boolean,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  refined,
  string,
  withDefault,
  type Check,
  type FieldProblem,
} from '../check/check.js';
import { DOCUMENT_ID, HANDLE } from '../fields/business-fields.js';
import { DEFAULT_CONTEXT_TYPE, MAX_CONTEXT_TYPE_LENGTH, USER_TYPES } from '../fields/conversation-fields.js';
import { FEED_ITEM_TYPE } from '../fields/feed-item-fields.js';
import {
  CLIENT_MESSAGE_ROLES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_ROLES,
  MESSAGE_TYPES,
} from '../fields/message-fields.js';
import { CHAT_LANGUAGE_TAG, MAX_TIME_ZONE_LENGTH } from '../fields/chat-fields.js';
import { MAX_FEED_MESSAGE_LENGTH } from '../fields/feed-item-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH, MAX_UID_LENGTH } from '../fields/user-fields.js';
import { isBlankText } from '../rules/visitor-text.js';
import { SYSTEM_NOTICE_TEXTS } from '../text/system-notices.js';

export const DocumentIdCheck: Check<string> = string({
  min: 1,
  max: DOCUMENT_ID.maxLength,
  pattern: DOCUMENT_ID.pattern,
  patternMessage: DOCUMENT_ID.patternMessage,
});

export const HandleCheck: Check<string> = string({
  min: 1,
  max: HANDLE.maxLength,
  pattern: HANDLE.pattern,
  patternMessage: HANDLE.patternMessage,
});

/** A visitor's uid, or null for an anonymous conversation. */
const UserIdCheck = nullable(string({ min: 1, max: MAX_UID_LENGTH }));
const ContextTypeCheck = withDefault(string({ min: 1, max: MAX_CONTEXT_TYPE_LENGTH }), DEFAULT_CONTEXT_TYPE);

/** What a client supplies to create a conversation (§7 "Add a conversation"); the backend sets the rest. */
export const NewConversationCheck = object({
  businessId: DocumentIdCheck,
  userId: UserIdCheck,
  userType: oneOf(USER_TYPES),
  contextType: ContextTypeCheck,
  isOutsideBusinessHours: boolean,
});

const SYSTEM_NOTICE_LIST = SYSTEM_NOTICE_TEXTS.map((text) => JSON.stringify(text)).join(', ');

/**
 * firestore.rules' isNewMessage, for what its role allows: a visitor's message (role 'user') has no
 * type and is not blank once trimmed; a system message (role 'system') has type 'system' and is one of
 * the notices the page saves. Anything else — an `auth` or `loading` message, a notice the page never
 * writes ("Your account is suspended…") — is the chat service's to write, or nobody's.
 */
function clientMessageProblem(message: { role: string; text: string; type?: string }): FieldProblem | null {
  if (message.role === 'user') {
    if (message.type !== undefined) {
      return { field: 'type', message: 'must be absent on a visitor\'s message (role "user")' };
    }
    if (isBlankText(message.text)) {
      return { field: 'text', message: 'must not be blank on a visitor\'s message (role "user")' };
    }
    return null;
  }
  if (message.type !== 'system') {
    return { field: 'type', message: 'must be "system" on a system message (role "system")' };
  }
  if (!SYSTEM_NOTICE_TEXTS.includes(message.text)) {
    return {
      field: 'text',
      message: `must be one of the page's notices on a system message (role "system"): ${SYSTEM_NOTICE_LIST}`,
    };
  }
  return null;
}

/**
 * What a client may write (§7 "Add a message"): only visitor messages and the page's system notices
 * (assistant messages come from the chat service), as firestore.rules allow them (clientMessageProblem).
 * The client chooses the id, so writing the same message twice stores it once.
 */
export const NewMessageCheck = refined(
  object({
    id: DocumentIdCheck,
    role: oneOf(CLIENT_MESSAGE_ROLES),
    text: string({ max: MAX_MESSAGE_LENGTH }),
    type: optional(oneOf(MESSAGE_TYPES)),
  }),
  clientMessageProblem,
);

export const LastMessageCheck = object({
  text: string({ max: MAX_MESSAGE_LENGTH }),
  sender: oneOf(MESSAGE_ROLES),
  /** Epoch milliseconds. */
  sentAt: integer({ min: 0 }),
  messageId: string({ min: 1, max: DOCUMENT_ID.maxLength }),
});

/** §7 "Merge lastMessage and updatedAt on a conversation": updatedAt is set by the backend. */
export const LastMessageUpdateCheck = object({ lastMessage: LastMessageCheck });

/** The fields of a feed item a client writes (read-answers.ts adds the backend's id and createdAt). */
export const newFeedItemFields = {
  type: oneOf([FEED_ITEM_TYPE]),
  customerName: nullable(string({ max: MAX_DISPLAY_NAME_LENGTH })),
  customerPhone: nullable(string({ max: MAX_PHONE_NUMBER_LENGTH })),
  conversationId: DocumentIdCheck,
  message: string({ min: 1, max: MAX_FEED_MESSAGE_LENGTH }),
};

/** What a client writes to a business's feed; the backend sets id and createdAt. */
export const NewFeedItemCheck = object(newFeedItemFields);

/** The chat fields a send and a resume share (§7). */
export const chatCommonChecks = {
  conversationId: DocumentIdCheck,
  businessId: DocumentIdCheck,
  /** The business id, or 'default'. */
  profileId: string({ min: 1, max: DOCUMENT_ID.maxLength }),
  contextType: ContextTypeCheck,
  /** The visitor's IANA time zone. */
  userTimezone: string({ min: 1, max: MAX_TIME_ZONE_LENGTH }),
  /** The page's language (BCP 47). */
  language: optional(
    string({
      max: CHAT_LANGUAGE_TAG.maxLength,
      pattern: CHAT_LANGUAGE_TAG.pattern,
      patternMessage: CHAT_LANGUAGE_TAG.patternMessage,
    }),
  ),
};
