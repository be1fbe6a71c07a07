/**
 * What a client writes (§7), checked before anything is sent: plain checks (../check) that mirror
 * the zod schemas servers validate the same writes with (../schema), so a bad value is refused in
 * the page with a message naming the field, without the schema library in the page's bundle.
 */
import {
  boolean,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  withDefault,
  type Check,
} from '../check/check.js';
import { DOCUMENT_ID, HANDLE } from '../model/business.js';
import {
  DEFAULT_CONTEXT_TYPE,
  MAX_CONTEXT_TYPE_LENGTH,
  USER_TYPES,
  type LastMessage,
  type NewConversation,
} from '../model/conversation.js';
import { FEED_ITEM_TYPE, type NewFeedItem } from '../model/feed-item.js';
import {
  CLIENT_MESSAGE_ROLES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_ROLES,
  MESSAGE_TYPES,
  type NewMessage,
} from '../model/message.js';
import { CHAT_LANGUAGE_TAG, MAX_TIME_ZONE_LENGTH } from '../fields/chat-fields.js';
import { MAX_FEED_MESSAGE_LENGTH } from '../fields/feed-item-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH, MAX_UID_LENGTH } from '../fields/user-fields.js';

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

export const NewConversationCheck: Check<Required<NewConversation>> = object({
  businessId: DocumentIdCheck,
  userId: UserIdCheck,
  userType: oneOf(USER_TYPES),
  contextType: ContextTypeCheck,
  isOutsideBusinessHours: boolean,
});

export const NewMessageCheck: Check<NewMessage> = object({
  id: DocumentIdCheck,
  role: oneOf(CLIENT_MESSAGE_ROLES),
  text: string({ max: MAX_MESSAGE_LENGTH }),
  type: optional(oneOf(MESSAGE_TYPES)),
});

export const LastMessageCheck: Check<LastMessage> = object({
  text: string({ max: MAX_MESSAGE_LENGTH }),
  sender: oneOf(MESSAGE_ROLES),
  sentAt: integer({ min: 0 }),
  messageId: string({ min: 1, max: DOCUMENT_ID.maxLength }),
});

export const LastMessageUpdateCheck = object({ lastMessage: LastMessageCheck });

/** The fields of a feed item a client writes (read-answers.ts adds the backend's id and createdAt). */
export const newFeedItemFields = {
  type: oneOf([FEED_ITEM_TYPE]),
  customerName: nullable(string({ max: MAX_DISPLAY_NAME_LENGTH })),
  customerPhone: nullable(string({ max: MAX_PHONE_NUMBER_LENGTH })),
  conversationId: DocumentIdCheck,
  message: string({ min: 1, max: MAX_FEED_MESSAGE_LENGTH }),
};

export const NewFeedItemCheck: Check<NewFeedItem> = object(newFeedItemFields);

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
