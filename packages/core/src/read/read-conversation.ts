/**
 * The conversation as the page reads it (§3). Flags another tool left out read as false, a missing
 * or malformed expiredAt as null (expired, §4, so resolution starts a fresh conversation), a
 * malformed lastMessage as null; unknown fields go. Without an id and a businessId it cannot be read.
 */
import {
  DEFAULT_CONTEXT_TYPE,
  MAX_CONTEXT_TYPE_LENGTH,
  USER_TYPES,
  type Conversation,
  type LastMessage,
  type UserType,
} from '../model/conversation.js';
import { MAX_MESSAGE_LENGTH, MESSAGE_ROLES, type MessageRole } from '../model/message.js';
import { clip, isNonEmptyString, isRecord, isTime, type ReadResult } from './read-helpers.js';

export function readConversation(raw: unknown, id?: string): ReadResult<Conversation> {
  if (!isRecord(raw)) return { ok: false, problem: 'a conversation must be an object' };
  const conversationId = id ?? raw.id;
  if (!isNonEmptyString(conversationId)) return { ok: false, problem: 'id: missing' };
  if (!isNonEmptyString(raw.businessId)) return { ok: false, problem: 'businessId: missing' };
  const userId = isNonEmptyString(raw.userId) ? raw.userId : null;
  const createdAt = isTime(raw.createdAt) ? raw.createdAt : 0;
  return {
    ok: true,
    warnings: [],
    value: {
      id: conversationId,
      businessId: raw.businessId,
      userId,
      userType: USER_TYPES.includes(raw.userType as UserType)
        ? (raw.userType as UserType)
        : userId
          ? 'enduser'
          : 'anonymous',
      summaryFeedPosted: raw.summaryFeedPosted === true,
      contextType: isNonEmptyString(raw.contextType)
        ? clip(raw.contextType, MAX_CONTEXT_TYPE_LENGTH)
        : DEFAULT_CONTEXT_TYPE,
      createdAt,
      updatedAt: isTime(raw.updatedAt) ? raw.updatedAt : createdAt,
      expiredAt: isTime(raw.expiredAt) ? raw.expiredAt : null,
      isOutsideBusinessHours: raw.isOutsideBusinessHours === true,
      signupFeedPosted: raw.signupFeedPosted === true,
      // Absent stays absent (a new conversation has none); present but malformed reads as none.
      ...(raw.lastMessage === undefined ? {} : { lastMessage: readLastMessage(raw.lastMessage) }),
    },
  };
}

function readLastMessage(raw: unknown): LastMessage | null {
  if (!isRecord(raw)) return null;
  const { text, sender, sentAt, messageId } = raw;
  if (typeof text !== 'string' || !isTime(sentAt) || !isNonEmptyString(messageId)) return null;
  if (!MESSAGE_ROLES.includes(sender as MessageRole)) return null;
  return { text: clip(text, MAX_MESSAGE_LENGTH), sender: sender as MessageRole, sentAt, messageId };
}
