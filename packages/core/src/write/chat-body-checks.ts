/**
 * The §7 chat bodies the page sends, checked before sending: the one spelling of these shapes, from
 * which the servers' schemas are built (../schema/chat-api.ts, decision 0035). Not the session's
 * chat-bodies.ts, which builds these bodies from the conversation.
 */
import {
  array,
  boolean,
  looseObject,
  object,
  oneOf,
  optional,
  refined,
  string,
  unknown,
} from '../check/check.js';
import { MAX_CHAT_MESSAGE_LENGTH, RESUME, RESUME_ACTIONS } from '../fields/chat-fields.js';
import { TOOL_REQUEST } from '../fields/message-fields.js';
import { isBlankText } from '../rules/visitor-text.js';
import { chatCommonChecks, DocumentIdCheck } from './write-checks.js';

/**
 * §7 normal send body. Its message is never blank (§5: the page trims it and cannot send a blank one),
 * so neither chat service runs a turn, nor stores a reply, for a question of spaces.
 */
export const ChatSendBodyCheck = object({
  message: refined(string({ min: 1, max: MAX_CHAT_MESSAGE_LENGTH }), (text) =>
    isBlankText(text) ? { message: 'must not be blank' } : null,
  ),
  ...chatCommonChecks,
  messageId: optional(DocumentIdCheck),
});

/** A tool request as the chat service sends it and expects it back; fields it adds are kept. */
export const ToolRequestCheck = looseObject({
  name: string({ min: 1, max: TOOL_REQUEST.maxNameLength }),
  ref: optional(string({ max: TOOL_REQUEST.maxRefLength })),
  input: optional(unknown),
});

/** The visitor's answer to an interrupt, in a resume. */
export const ResumeResponseCheck = object({
  requiresAuth: boolean,
  action: oneOf(RESUME_ACTIONS),
  message: string({ max: RESUME.maxMessageLength }),
  declined: optional(boolean),
});

/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export const ChatResumeBodyCheck = object({
  ...chatCommonChecks,
  messageId: optional(DocumentIdCheck),
  resume: object({
    respond: array(
      object({
        toolRequest: ToolRequestCheck,
        response: ResumeResponseCheck,
      }),
      { min: 1, max: RESUME.maxResponses },
    ),
  }),
});
