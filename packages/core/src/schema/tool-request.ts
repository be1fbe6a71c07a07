import { z } from './zod.js';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export const ToolRequestSchema = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  ref: z.optional(z.string().check(z.maxLength(200))),
  input: z.optional(z.unknown()),
});
