import type * as z from 'zod/mini';
import type { ToolRequestSchema } from '../schema/tool-request.js';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export type ToolRequest = z.infer<typeof ToolRequestSchema>;
