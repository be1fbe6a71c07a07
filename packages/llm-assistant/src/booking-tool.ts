/**
 * The only way the model can act on a booking: requestBookingChange. Code decides, never the model:
 * unless the request carried a verified identity, the tool interrupts, and the assistant turns that
 * into the page's requestPhoneSignIn interrupt. Verified, it passes the request on for the team to
 * confirm by text — it never books anything itself, so the model has nothing to confirm.
 */
import type { GenkitBeta } from 'genkit/beta';
import { MAX_TEAM_REQUEST_SUMMARY_LENGTH } from '@chat/core';
import { z } from 'genkit';
import { TOOL_DESCRIPTIONS } from './assistant-settings.js';
import type { TurnContext } from './business-tools.js';
import { textsFor } from './visitor-language.js';

export const BOOKING_TOOL = 'requestBookingChange';

export const BookingRequestSchema = z.object({
  kind: z.enum(['book', 'reschedule', 'cancel']).describe('What the visitor wants to do.'),
  details: z
    .string()
    .max(MAX_TEAM_REQUEST_SUMMARY_LENGTH)
    .optional()
    .describe('The service, day and time the visitor mentioned, in their words, if any.'),
  summary: z
    .string()
    .max(MAX_TEAM_REQUEST_SUMMARY_LENGTH)
    .optional()
    .describe(
      "One line for the team: what the visitor wants, e.g. 'Move Friday's haircut to Saturday morning'.",
    ),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const BookingResultSchema = z.object({
  status: z.enum(['passed-to-team', 'declined']),
  note: z.string(),
  /** On a decline: the reply the visitor chose instead of verifying, for the model to answer. */
  visitorSaid: z.string().max(2200).optional(),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

export const PASSED_TO_TEAM: BookingResult = {
  status: 'passed-to-team',
  note: 'The request was passed to the team. Nothing is booked yet: the team will text the visitor at their verified number to confirm. Tell the visitor exactly that.',
};

export const DECLINED: BookingResult = {
  status: 'declined',
  note: 'The visitor chose not to verify their phone, so no booking change was made. Say so briefly and help with anything else.',
};

export function isVerified(context: Partial<TurnContext>): boolean {
  return context.auth?.verified === true;
}

export function defineBookingTool(ai: GenkitBeta) {
  return ai.defineTool(
    {
      name: BOOKING_TOOL,
      description: TOOL_DESCRIPTIONS.requestBookingChange,
      inputSchema: BookingRequestSchema,
      outputSchema: BookingResultSchema,
    },
    async (input, { context, interrupt }) => {
      const turn = context as Partial<TurnContext>;
      if (!isVerified(turn)) {
        interrupt({ message: textsFor(turn.visitorText ?? '').verifyMessage[input.kind] });
      }
      return PASSED_TO_TEAM;
    },
  );
}
