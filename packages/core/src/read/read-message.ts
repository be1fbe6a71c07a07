/**
 * A message as the page reads it (§3). A message of a type this page does not know is shown as an
 * ordinary message of its role (the type is dropped), smart replies are normalised (§5) and an
 * overlong one is clipped for display; a malformed tool request or streaming flag is dropped.
 * Without an id, a known role, a text and a creation time there is nothing to show.
 */
import { MAX_STORED_TEXT_LENGTH, MESSAGE_ROLES, MESSAGE_TYPES, SMART_REPLY } from '../model/message.js';
import type { Message, MessageRole, MessageType, SmartReply } from '../model/message.js';
import { normaliseSmartReplies } from '../rules/smart-replies.js';
import { clip, isNonEmptyString, isRecord, isTime, type ReadResult } from './read-helpers.js';

export function readMessage(raw: unknown, id?: string): ReadResult<Message> {
  if (!isRecord(raw)) return { ok: false, problem: 'a message must be an object' };
  const messageId = id ?? raw.id;
  if (!isNonEmptyString(messageId)) return { ok: false, problem: 'id: missing' };
  if (!MESSAGE_ROLES.includes(raw.role as MessageRole)) {
    return { ok: false, problem: `role: ${JSON.stringify(raw.role)} is not user, model or system` };
  }
  if (typeof raw.text !== 'string') return { ok: false, problem: 'text: not a string' };
  if (!isTime(raw.createdAt)) return { ok: false, problem: 'createdAt: not a time' };

  const message: Message = {
    id: messageId,
    role: raw.role as MessageRole,
    text: clip(raw.text, MAX_STORED_TEXT_LENGTH),
    createdAt: raw.createdAt,
  };
  if (MESSAGE_TYPES.includes(raw.type as MessageType)) message.type = raw.type as MessageType;
  if (raw.smartReplies !== undefined) message.smartReplies = readSmartReplies(raw.smartReplies);
  if (typeof raw.streaming === 'boolean') message.streaming = raw.streaming;
  if (raw.cut === true) message.cut = true;
  if (isRecord(raw.toolRequest) && isNonEmptyString(raw.toolRequest.name)) {
    const { ref } = raw.toolRequest;
    message.toolRequest = { ...raw.toolRequest, name: raw.toolRequest.name };
    if (ref !== undefined && typeof ref !== 'string') delete message.toolRequest.ref;
  }
  return { ok: true, value: message, warnings: [] };
}

function readSmartReplies(raw: unknown): SmartReply[] {
  return normaliseSmartReplies(raw).map((reply) => ({
    type: clip(reply.type, SMART_REPLY.maxTypeLength),
    text: clip(reply.text, SMART_REPLY.maxTextLength),
  }));
}
