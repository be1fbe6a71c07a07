/**
 * The chat service's API (§7 POST /api/chat): its path, the phone sign-in tool and the body and
 * answer types. The zod schemas the servers validate with are in ../schema/chat-api.ts; the page
 * checks what it sends with ../write/chat-bodies.ts and reads the answer with ../read/read-answers.ts.
 */
import type * as z from 'zod/mini';
import type {
  ChatInterruptSchema,
  ChatResponseSchema,
  ChatResumeBodySchema,
  ChatSendBodySchema,
  ResumeResponseSchema,
} from '../schema/chat-api.js';

/** The path of the chat service on its host (§7). */
export const CHAT_PATH = '/api/chat';

/** The tool the assistant calls to ask the visitor to verify a phone number. */
export const PHONE_SIGN_IN_TOOL = 'requestPhoneSignIn';

export * from '../fields/chat-fields.js';

export type { ToolRequest } from '../model/tool-request.js';

/** §7 normal send body. */
export type ChatSendBody = z.input<typeof ChatSendBodySchema>;
export type ResumeResponse = z.infer<typeof ResumeResponseSchema>;
/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export type ChatResumeBody = z.input<typeof ChatResumeBodySchema>;
export type ChatInterrupt = z.infer<typeof ChatInterruptSchema>;
/**
 * §7 response. Only interrupts and smartReplies are read; smart replies arrive as strings or
 * objects and are normalised by rules/smart-replies.ts.
 */
export type ChatResponse = z.infer<typeof ChatResponseSchema>;
