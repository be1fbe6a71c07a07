/**
 * The hand-off tool (issue 27): the model passes the conversation to a person on the business's team
 * — when the visitor asks for one, or when it cannot help from the facts. Code decides, as for the
 * booking tool: unless the request carried a verified identity the tool interrupts, and the assistant
 * turns that into the page's requestPhoneSignIn interrupt, so the team gets a number it can reach.
 * Verified, it tells the model the team will follow up; the assistant's turn then passes the request
 * on (passToTeam), and the chat service writes the HANDOFF feed item.
 */
import type { GenkitBeta } from 'genkit/beta';
import { MAX_TEAM_REQUEST_SUMMARY_LENGTH } from '@chat/core';
import { z } from 'genkit';
import { TOOL_DESCRIPTIONS } from './assistant-settings.js';
import { BookingResultSchema, isVerified } from './booking-tool.js';
import type { BookingResult } from './booking-tool.js';
import type { TurnContext } from './business-tools.js';
import { textsFor } from './visitor-language.js';

export const HANDOFF_TOOL = 'handOffToTeam';

export const HandOffRequestSchema = z.object({
  summary: z
    .string()
    .max(MAX_TEAM_REQUEST_SUMMARY_LENGTH)
    .describe(
      "One line for the team: what the visitor needs, e.g. 'Wants to ask a stylist about curly hair'.",
    ),
});
export type HandOffRequest = z.infer<typeof HandOffRequestSchema>;

export const HANDED_OFF: BookingResult = {
  status: 'passed-to-team',
  note: "The conversation was passed to the team: a person will follow up by text at the visitor's verified number. Tell the visitor exactly that, and offer help with anything else meanwhile.",
};

export function defineHandOffTool(ai: GenkitBeta) {
  return ai.defineTool(
    {
      name: HANDOFF_TOOL,
      description: TOOL_DESCRIPTIONS.handOffToTeam,
      inputSchema: HandOffRequestSchema,
      outputSchema: BookingResultSchema,
    },
    async (_input, { context, interrupt }) => {
      const turn = context as Partial<TurnContext>;
      if (!isVerified(turn)) interrupt({ message: textsFor(turn.visitorText ?? '').verifyHandOff });
      return HANDED_OFF;
    },
  );
}
