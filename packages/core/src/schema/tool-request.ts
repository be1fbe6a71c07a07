import { ToolRequestCheck } from '../write/chat-body-checks.js';
import { zodOf } from './zod-of.js';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export const ToolRequestSchema = zodOf(ToolRequestCheck);
