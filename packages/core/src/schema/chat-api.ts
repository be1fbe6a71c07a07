import { MAX_INTERRUPT_MESSAGE_LENGTH } from '../fields/chat-fields.js';
import { ChatResumeBodyCheck, ChatSendBodyCheck, ResumeResponseCheck } from '../write/chat-body-checks.js';
import { ToolRequestSchema } from './tool-request.js';
import { z } from './zod.js';
import { zodObjectOf } from './zod-of.js';

/** §7 normal send body (its one spelling: ../write/chat-body-checks.ts). */
export const ChatSendBodySchema = zodObjectOf(ChatSendBodyCheck);

export const ResumeResponseSchema = zodObjectOf(ResumeResponseCheck);

/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export const ChatResumeBodySchema = zodObjectOf(ChatResumeBodyCheck);

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
