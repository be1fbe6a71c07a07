/** The §7 chat bodies the page sends, checked before sending (mirroring ../schema/chat-api.ts). */
import { array, boolean, looseObject, object, oneOf, optional, string, unknown } from '../check/check.js';
import { MAX_CHAT_MESSAGE_LENGTH, RESUME, RESUME_ACTIONS } from '../fields/chat-fields.js';
import { TOOL_REQUEST } from '../fields/message-fields.js';
import { chatCommonChecks, DocumentIdCheck } from './write-checks.js';

export const ChatSendBodyCheck = object({
  message: string({ min: 1, max: MAX_CHAT_MESSAGE_LENGTH }),
  ...chatCommonChecks,
  messageId: optional(DocumentIdCheck),
});

/** A tool request as the chat service sends it and expects it back; fields it adds are kept. */
export const ToolRequestCheck = looseObject({
  name: string({ min: 1, max: TOOL_REQUEST.maxNameLength }),
  ref: optional(string({ max: TOOL_REQUEST.maxRefLength })),
  input: optional(unknown),
});

export const ChatResumeBodyCheck = object({
  ...chatCommonChecks,
  messageId: optional(DocumentIdCheck),
  resume: object({
    respond: array(
      object({
        toolRequest: ToolRequestCheck,
        response: object({
          requiresAuth: boolean,
          action: oneOf(RESUME_ACTIONS),
          message: string({ max: RESUME.maxMessageLength }),
          declined: optional(boolean),
        }),
      }),
      { min: 1, max: RESUME.maxResponses },
    ),
  }),
});
