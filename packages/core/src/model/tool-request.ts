import type { Checked } from '../check/check.js';
import type { ToolRequestCheck } from '../write/chat-body-checks.js';

/** A tool request as the chat service sends it in an interrupt and expects it back in a resume. */
export type ToolRequest = Checked<typeof ToolRequestCheck>;
