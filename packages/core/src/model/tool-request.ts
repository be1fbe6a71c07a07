import { z } from 'zod';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export const ToolRequestSchema = z
  .object({
    name: z.string().min(1).max(100),
    ref: z.string().max(200).optional(),
    input: z.unknown().optional(),
  })
  .loose();
export type ToolRequest = z.infer<typeof ToolRequestSchema>;
