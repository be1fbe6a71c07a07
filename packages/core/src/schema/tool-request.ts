import { TOOL_REQUEST } from '../fields/message-fields.js';
import { z } from './zod.js';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export const ToolRequestSchema = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(TOOL_REQUEST.maxNameLength)),
  ref: z.optional(z.string().check(z.maxLength(TOOL_REQUEST.maxRefLength))),
  input: z.optional(z.unknown()),
});
