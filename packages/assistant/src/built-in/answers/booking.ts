import type { ToolRequest } from '@chat/core';
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { AssistantTurn } from '../../assistant-types.js';
import type { BookingKind } from '../intents.js';
import { INTERRUPT_REPLIES, REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, paragraphs } from './answer-context.js';

const INTERRUPT_MESSAGES: Record<BookingKind, string> = {
  book: 'To book an appointment, please verify your phone number first.',
  reschedule: 'To change your booking, please verify your phone number first.',
  cancel: 'To cancel your booking, please verify your phone number first.',
};

/** What the assistant says before asking for the phone number: a visitor never gets silence. */
const INTERRUPT_LEADS: Record<BookingKind, string> = {
  book: "I'd be happy to help you book an appointment!",
  reschedule: 'I can help you change your booking.',
  cancel: 'I can help you cancel your booking.',
};

/**
 * An anonymous visitor asked for a booking change: a short text reply, and the phone sign-in
 * interrupt whose message the chat service stores as the auth message that holds the phone widget.
 */
export function bookingInterrupt(kind: BookingKind, ref: string): AssistantTurn {
  // Never silence: a short text reply comes with the interrupt (issue 8).
  return {
    ...phoneSignInInterrupt(ref, INTERRUPT_MESSAGES[kind], { reason: 'booking', kind }),
    reply: INTERRUPT_LEADS[kind],
  };
}

/**
 * The one way any assistant (built-in or scripted) asks the visitor to verify their phone: the
 * two smart replies §4 shows while the interrupt is pending, and the requestPhoneSignIn tool
 * request the chat route turns into the interrupt and its stored auth message (which shows
 * `message`). No lead-in of its own: a caller adds the reply that goes with it.
 */
export function phoneSignInInterrupt(
  ref: string,
  message: string,
  input: Record<string, unknown>,
): AssistantTurn {
  const toolRequest: ToolRequest = { name: PHONE_SIGN_IN_TOOL, ref, input };
  return { reply: '', smartReplies: INTERRUPT_REPLIES, interrupt: { toolRequest, message } };
}

/** The parts of the answer to a verified visitor that differ by kind of booking change. */
interface BookingAnswerParts {
  /** The bold first sentence and what happens next. */
  lead: string;
  /** Markdown lines shown as one paragraph under the lead. */
  details: string[];
  /** The smart-reply candidates. */
  replies: string[];
}

/** Each kind's answer parts; `name` is the business's name in bold. */
const BOOKING_ANSWERS: Record<BookingKind, (name: string) => BookingAnswerParts> = {
  book: (name) => ({
    lead: `**Your booking request is in.** I've passed it to the ${name} team, and they'll text you at your verified number to confirm a time.`,
    details: [
      '**To speed things up, reply with:**',
      '- the service you would like',
      '- the day and time that suit you best',
    ],
    replies: [REPLIES.hours, REPLIES.services, REPLIES.location],
  }),
  reschedule: (name) => ({
    lead: `**Let's find you a new time.** I've let the ${name} team know you'd like to reschedule, and they'll text you at your verified number with available times.`,
    details: [
      '- Your current appointment stays booked until you confirm the new time.',
      "- If you already know what suits you, tell me the day and time and I'll pass it on.",
    ],
    replies: [REPLIES.hours, REPLIES.cancel, REPLIES.location],
  }),
  cancel: (name) => ({
    lead: `**Your cancellation request is in.** The ${name} team will cancel your appointment and text a confirmation to your verified number.`,
    details: [
      "- Changed your mind? Just tell me and I'll let them know.",
      '- Would another time work better? I can ask them to **reschedule** instead.',
    ],
    replies: [REPLIES.reschedule, REPLIES.book, REPLIES.hours],
  }),
};

/**
 * A verified visitor's booking change, taken as a request the team confirms by text: the mock has
 * no calendar, so it never claims a time was booked. `request` (the visitor's words) goes to the team
 * as a BOOKING_REQUEST feed item.
 */
export function bookingAnswer(
  ctx: AnswerContext,
  kind: BookingKind,
  justVerified: boolean,
  request: string,
): AssistantTurn {
  const { lead, details, replies } = BOOKING_ANSWERS[kind](boldName(ctx));
  return {
    reply: paragraphs(
      justVerified ? 'Thanks for verifying your phone number!' : null,
      lead,
      details.join('\n'),
      directionsLink(ctx.business, 'Find us on Google Maps'),
    ),
    smartReplies: pickReplies(replies),
    passToTeam: { type: 'BOOKING_REQUEST', request },
  };
}
