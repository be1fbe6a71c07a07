import { DOCUMENT_ID } from '../fields/business-fields.js';
import {
  CHAT_LANGUAGE_TAG,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_INTERRUPT_MESSAGE_LENGTH,
  MAX_TIME_ZONE_LENGTH,
  RESUME,
  RESUME_ACTIONS,
} from '../fields/chat-fields.js';
import { DocumentIdSchema } from './business.js';
import { ContextTypeOrDefaultSchema } from './conversation.js';
import { ToolRequestSchema } from './tool-request.js';
import { z } from './zod.js';

const chatCommon = {
  conversationId: DocumentIdSchema,
  businessId: DocumentIdSchema,
  /** The business id, or 'default'. */
  profileId: z.string().check(z.minLength(1), z.maxLength(DOCUMENT_ID.maxLength)),
  contextType: ContextTypeOrDefaultSchema,
  /** The visitor's IANA time zone, e.g. from Intl.DateTimeFormat().resolvedOptions().timeZone. */
  userTimezone: z.string().check(z.minLength(1), z.maxLength(MAX_TIME_ZONE_LENGTH)),
  /** The page's language (BCP 47, e.g. 'es'); absent: English. */
  language: z.optional(
    z
      .string()
      .check(
        z.maxLength(CHAT_LANGUAGE_TAG.maxLength),
        z.regex(CHAT_LANGUAGE_TAG.pattern, CHAT_LANGUAGE_TAG.patternMessage),
      ),
  ),
};

/** §7 normal send body. */
export const ChatSendBodySchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(MAX_CHAT_MESSAGE_LENGTH)),
  ...chatCommon,
  /**
   * The message this call answers (issue 27): the visitor's message, for a send and a 'Try again'.
   * The service answers only once it is stored (the page asks while still saving it, decision 0025),
   * and answers it once: a repeated call gets the same answer, with no second reply.
   */
  messageId: z.optional(DocumentIdSchema),
});

export const ResumeResponseSchema = z.object({
  requiresAuth: z.boolean(),
  action: z.enum(RESUME_ACTIONS),
  message: z.string().check(z.maxLength(RESUME.maxMessageLength)),
  declined: z.optional(z.boolean()),
});

/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export const ChatResumeBodySchema = z.object({
  ...chatCommon,
  /**
   * The message this resume answers (issue 27): the notice or reply the page saved as the visitor
   * answered the interrupt. A resume sent twice gets one answer.
   */
  messageId: z.optional(DocumentIdSchema),
  resume: z.object({
    respond: z
      .array(z.object({ toolRequest: ToolRequestSchema, response: ResumeResponseSchema }))
      .check(z.minLength(1), z.maxLength(RESUME.maxResponses)),
  }),
});

/** Either body, as the chat endpoint accepts it. A body with `resume` is a resume. */
export const ChatRequestBodySchema = z.union([
  z.strictObject(ChatResumeBodySchema.shape),
  z.strictObject(ChatSendBodySchema.shape),
]);

export const ChatInterruptSchema = z.looseObject({
  toolRequest: ToolRequestSchema,
  metadata: z.optional(
    z.looseObject({
      interrupt: z.optional(
        z.looseObject({ message: z.optional(z.string().check(z.maxLength(MAX_INTERRUPT_MESSAGE_LENGTH))) }),
      ),
    }),
  ),
});

/**
 * §7 response. Only interrupts and smartReplies are read; smart replies arrive as strings or
 * objects and are normalised by rules/smart-replies.ts.
 */
export const ChatResponseSchema = z.looseObject({
  interrupts: z.optional(z.array(ChatInterruptSchema)),
  smartReplies: z.optional(
    z.array(z.union([z.string(), z.looseObject({ type: z.optional(z.string()), text: z.string() })])),
  ),
});
