/**
 * The chat service's API (§7 POST /api/chat): its path, the phone sign-in tool and the body and
 * answer types. The bodies are spelled once as checks in ../write/chat-body-checks.ts and the answer in
 * ../read/read-answers.ts; the servers' zod schemas (../schema/chat-api.ts) are built from them.
 */
import type { BeforeDefaults, Checked } from '../check/check.js';
import type { ChatInterruptCheck, ChatResponseCheck } from '../read/read-answers.js';
import type {
  ChatResumeBodyCheck,
  ChatSendBodyCheck,
  ResumeResponseCheck,
} from '../write/chat-body-checks.js';

/** The path of the chat service on its host (§7). */
export const CHAT_PATH = '/api/chat';

/** The tool the assistant calls to ask the visitor to verify a phone number. */
export const PHONE_SIGN_IN_TOOL = 'requestPhoneSignIn';

export * from '../fields/chat-fields.js';

export type { ToolRequest } from '../model/tool-request.js';

/** §7 normal send body. */
export type ChatSendBody = BeforeDefaults<Checked<typeof ChatSendBodyCheck>, 'contextType'>;
export type ResumeResponse = Checked<typeof ResumeResponseCheck>;
/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export type ChatResumeBody = BeforeDefaults<Checked<typeof ChatResumeBodyCheck>, 'contextType'>;
export type ChatInterrupt = Checked<typeof ChatInterruptCheck>;
/**
 * §7 response. Only interrupts and smartReplies are read; smart replies arrive as strings or
 * objects and are normalised by rules/smart-replies.ts.
 */
export type ChatResponse = Checked<typeof ChatResponseCheck>;
