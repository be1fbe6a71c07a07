/**
 * The page's phone sign-in interrupt, for the booking tool: building it from the tool's request,
 * and reading the tool's request back from the page's resume. The page sees requestPhoneSignIn
 * (its protocol); its input carries the booking request the visitor made, so the resume can hand
 * the very same request back to the booking tool.
 */
import type { ToolRequest } from '@chat/core';
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { ToolRequestPart } from 'genkit';
import { z } from 'genkit';
import type { BookingKind } from './booking-guard.js';
import type { BookingRequest } from './booking-tool.js';
import { BOOKING_TOOL, BookingRequestSchema } from './booking-tool.js';
import type { HandOffRequest } from './hand-off-tool.js';
import { HANDOFF_TOOL, HandOffRequestSchema } from './hand-off-tool.js';
import type { AssistantTurn } from '@chat/assistant';
import { phoneSignInInterrupt } from '@chat/assistant';
import { textsFor } from './visitor-language.js';

/** What the page's requestPhoneSignIn carries when the booking tool raised it. */
const PhoneCheckInputSchema = BookingRequestSchema.extend({
  reason: z.literal('booking'),
  tool: z.literal(BOOKING_TOOL),
});

/** What it carries when the hand-off tool raised it. */
const HandOffCheckInputSchema = HandOffRequestSchema.extend({
  reason: z.literal('handoff'),
  tool: z.literal(HANDOFF_TOOL),
});

/**
 * The turn that asks the visitor to verify their phone before `request` goes anywhere: a short
 * lead-in (or the text already streamed), the interrupt with its message, and §4's two replies.
 */
export function phoneCheckTurn(options: {
  request: BookingRequest;
  ref: string;
  visitorText: string;
  /** The reply text already shown, if any; else the lead-in for the kind of change. */
  shownText?: string;
  message?: string;
}): AssistantTurn {
  const texts = textsFor(options.visitorText);
  const kind: BookingKind = options.request.kind;
  const input = { reason: 'booking', tool: BOOKING_TOOL, ...options.request };
  return {
    ...phoneSignInInterrupt(options.ref, options.message ?? texts.verifyMessage[kind], input),
    reply: options.shownText?.trim() ? options.shownText : texts.bookingLead[kind],
  };
}

/** The turn that asks the visitor to verify their phone before they are handed to the team. */
export function handOffCheckTurn(options: {
  request: HandOffRequest;
  ref: string;
  visitorText: string;
  shownText?: string;
  message?: string;
}): AssistantTurn {
  const texts = textsFor(options.visitorText);
  const input = { reason: 'handoff', tool: HANDOFF_TOOL, ...options.request };
  return {
    ...phoneSignInInterrupt(options.ref, options.message ?? texts.verifyHandOff, input),
    reply: options.shownText?.trim() ? options.shownText : texts.handOffLead,
  };
}

/**
 * The booking or hand-off tool's request as the model's history holds it, rebuilt from the page's
 * resume; null when the interrupt was neither tool's (a demo staffer's, say).
 */
export function interruptedBookingRequest(toolRequest: ToolRequest): ToolRequestPart | null {
  if (toolRequest.name !== PHONE_SIGN_IN_TOOL) return null;
  const ref = toolRequest.ref ? { ref: toolRequest.ref } : {};
  const handOff = HandOffCheckInputSchema.safeParse(toolRequest.input);
  if (handOff.success) {
    return {
      toolRequest: { name: HANDOFF_TOOL, ...ref, input: { summary: handOff.data.summary } },
      metadata: { interrupt: true },
    };
  }
  const parsed = PhoneCheckInputSchema.safeParse(toolRequest.input);
  if (!parsed.success) return null;
  const { kind, details, summary } = parsed.data;
  return {
    toolRequest: {
      name: BOOKING_TOOL,
      ...ref,
      input: { kind, ...(details ? { details } : {}), ...(summary ? { summary } : {}) },
    },
    metadata: { interrupt: true },
  };
}
