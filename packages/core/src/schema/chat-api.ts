import { ChatInterruptCheck, ChatResponseCheck } from '../read/read-answers.js';
import { ChatResumeBodyCheck, ChatSendBodyCheck, ResumeResponseCheck } from '../write/chat-body-checks.js';
import { z } from './zod.js';
import { zodObjectOf, zodOf } from './zod-of.js';

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

export const ChatInterruptSchema = zodOf(ChatInterruptCheck);

/** §7 response (its one spelling: ../read/read-answers.ts). */
export const ChatResponseSchema = zodOf(ChatResponseCheck);
