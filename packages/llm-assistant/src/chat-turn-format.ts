/**
 * The structured output of a turn — the reply and 2–4 follow-ups — as a Genkit output format.
 *
 * Why not Genkit's built-in 'json' format: @genkit-ai/compat-oai 1.42 parses every streamed delta of
 * a 'json' request with JSON.parse, which throws on the first partial chunk, and Gemini's JSON mode
 * does not mix with tool calls on every model. This format asks for the same JSON through
 * instructions (the schema is in them) and parses the growing text itself, so the reply can be
 * written to the store while it streams, on every provider. A model that answers in plain text
 * instead still gets its text shown (generate-reply.ts falls back to ./reply-text.ts's replySoFar).
 */
import { extractJson } from 'genkit/extract';
import type { GenkitBeta } from 'genkit/beta';
import { z } from 'genkit';
import { toJsonSchema } from 'genkit/schema';
import { MAX_SMART_REPLIES } from '@chat/core';

export const CHAT_TURN_FORMAT = 'chat-turn';

export const ChatTurnOutputSchema = z.object({
  reply: z
    .string()
    .describe('The answer to the visitor, in markdown, in the language the visitor writes in.'),
  smartReplies: z
    .array(z.string().max(80))
    .min(2)
    .max(MAX_SMART_REPLIES)
    .describe(
      `2 to ${MAX_SMART_REPLIES} short follow-up questions the visitor might tap next, in the same language.`,
    ),
});

/**
 * Registers the format. generate() is given the format without its schema on purpose: Genkit would
 * then reject a plain-text answer outright, where the assistant still shows it; the schema goes to
 * the model in the instructions, and the assistant checks the output itself.
 */
export function defineChatTurnFormat(ai: GenkitBeta): void {
  const schema = toJsonSchema({ schema: ChatTurnOutputSchema });
  ai.defineFormat({ name: CHAT_TURN_FORMAT }, () => ({
    instructions: `When you have the facts you need, answer with one JSON object and nothing else, conforming to this schema:

\`\`\`
${JSON.stringify(schema)}
\`\`\`
`,
    parseChunk: (chunk) => extractJson(chunk.accumulatedText),
    parseMessage: (message) => extractJson(message.text),
  }));
}
