import { z } from 'zod';
import { DocumentIdSchema } from '../model/business.js';
import { DEFAULT_CONTEXT_TYPE } from '../model/conversation.js';
import { MAX_MESSAGE_LENGTH } from '../model/message.js';
import { ToolRequestSchema } from '../model/tool-request.js';

/** The path of the chat service on its host (§7). */
export const CHAT_PATH = '/api/chat';

/** The tool the assistant calls to ask the visitor to verify a phone number. */
export const PHONE_SIGN_IN_TOOL = 'requestPhoneSignIn';

export const RESUME_ACTIONS = ['PHONE_SIGN_IN', 'PHONE_SIGN_IN_DECLINED'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

export { ToolRequestSchema, type ToolRequest } from '../model/tool-request.js';

const chatCommon = {
  conversationId: DocumentIdSchema,
  businessId: DocumentIdSchema,
  /** The business id, or 'default'. */
  profileId: z.string().min(1).max(128),
  contextType: z.string().min(1).max(64).default(DEFAULT_CONTEXT_TYPE),
  /** The visitor's IANA time zone, e.g. from Intl.DateTimeFormat().resolvedOptions().timeZone. */
  userTimezone: z.string().min(1).max(64),
};

/** §7 normal send body. */
export const ChatSendBodySchema = z.object({
  message: z
    .string()
    .min(1)
    .max(MAX_MESSAGE_LENGTH + 100),
  ...chatCommon,
});
export type ChatSendBody = z.input<typeof ChatSendBodySchema>;

export const ResumeResponseSchema = z.object({
  requiresAuth: z.boolean(),
  action: z.enum(RESUME_ACTIONS),
  message: z.string().max(500),
  declined: z.boolean().optional(),
});
export type ResumeResponse = z.infer<typeof ResumeResponseSchema>;

/** §7 resume body: no message, but resume.respond[] with the tool request and the visitor's answer. */
export const ChatResumeBodySchema = z.object({
  ...chatCommon,
  resume: z.object({
    respond: z
      .array(z.object({ toolRequest: ToolRequestSchema, response: ResumeResponseSchema }))
      .min(1)
      .max(10),
  }),
});
export type ChatResumeBody = z.input<typeof ChatResumeBodySchema>;

/** Either body, as the chat endpoint accepts it. A body with `resume` is a resume. */
export const ChatRequestBodySchema = z.union([ChatResumeBodySchema.strict(), ChatSendBodySchema.strict()]);

export const ChatInterruptSchema = z
  .object({
    toolRequest: ToolRequestSchema,
    metadata: z
      .object({
        interrupt: z
          .object({ message: z.string().max(2000).optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type ChatInterrupt = z.infer<typeof ChatInterruptSchema>;

/**
 * §7 response. Only interrupts and smartReplies are read; smart replies arrive as strings or
 * objects and are normalised by rules/smart-replies.ts.
 */
export const ChatResponseSchema = z
  .object({
    interrupts: z.array(ChatInterruptSchema).optional(),
    smartReplies: z
      .array(z.union([z.string(), z.object({ type: z.string().optional(), text: z.string() }).loose()]))
      .optional(),
  })
  .loose();
export type ChatResponse = z.infer<typeof ChatResponseSchema>;
