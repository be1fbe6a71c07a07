import type { Message, ToolRequest } from '@chat/core';
import { isBookingUpdate } from '@chat/core';
import type { AnswerContext } from './answers/answer-context.js';
import { paragraphs } from './answers/answer-context.js';
import { bookingAnswer, bookingInterrupt } from './answers/booking.js';
import type { HandOffLanguage } from './answers/hand-off.js';
import { handOffAnswer, handOffInterrupt } from './answers/hand-off.js';
import { infoAnswer } from './answers/info-answer.js';
import type { AssistantInput, AssistantTurn } from '../assistant-types.js';
import type { BookingKind } from './intents.js';
import { bookingKind, detectIntent } from './intents.js';
import { interruptRef, subjectOf } from './respond-to-message.js';
import { REPLIES, pickReplies } from './smart-replies.js';

type ResumeRequest = Extract<AssistantInput['request'], { kind: 'resume' }>;

/**
 * After the phone sign-in interrupt. Verified: carry out the booking request that raised it.
 * Declined: say no booking change is made, answer what the visitor chose instead, offer follow-ups.
 */
export function respondToResume(input: AssistantInput, request: ResumeRequest): AssistantTurn {
  const ctx: AnswerContext = {
    business: input.business,
    nowMs: input.nowMs,
    userTimezone: input.userTimezone,
  };
  if (request.declined || request.action === 'PHONE_SIGN_IN_DECLINED') return declinedAnswer(input, ctx);

  const handOff = handOffOf(request.toolRequest);
  if (handOff) {
    // The endpoint checks the token; should a resume still arrive unverified, ask again rather than act.
    if (!input.signedIn) return handOffInterrupt(ctx, handOff, interruptRef(input));
    return handOffAnswer(ctx, handOff, lastUserText(input.history) ?? '', true);
  }
  const trigger = lastBookingRequest(input);
  const kind = trigger ? bookingKind(trigger.subject) : kindFromToolRequest(request.toolRequest);
  if (!input.signedIn) return bookingInterrupt(kind ?? 'book', interruptRef(input));
  if (kind) return bookingAnswer(ctx, kind, true, trigger?.text ?? lastUserText(input.history) ?? '');
  return {
    reply: paragraphs(
      "Thanks for verifying your phone number! You're all set.",
      'What would you like to do: **book**, **reschedule** or **cancel** an appointment?',
    ),
    smartReplies: pickReplies([REPLIES.book, REPLIES.reschedule, REPLIES.cancel]),
  };
}

function declinedAnswer(input: AssistantInput, ctx: AnswerContext): AssistantTurn {
  const lead =
    "No problem! I won't make any booking changes without a verified phone number, but I'm happy to help with anything else.";
  // The page saves the smart reply the visitor chose to decline ('Need more info about services'…) before resuming.
  const chosen = lastUserText(input.history);
  const intent = chosen === null ? 'fallback' : detectIntent(subjectOf(input, chosen));
  const follow = [REPLIES.services, REPLIES.hours, REPLIES.location];
  if (intent === 'hours' || intent === 'location' || intent === 'services') {
    const answer = infoAnswer(intent, ctx);
    return {
      reply: paragraphs(lead, answer.reply),
      smartReplies: pickReplies(follow.filter((reply) => detectIntent(reply) !== intent)),
    };
  }
  return { reply: lead, smartReplies: pickReplies(follow) };
}

/**
 * The visitor's last message that asked for a booking change (the one the interrupt stopped): what
 * its intent was read from, and the visitor's own words.
 */
function lastBookingRequest(input: AssistantInput): { subject: string; text: string } | null {
  for (let i = input.history.length - 1; i >= 0; i--) {
    const message = input.history[i]!;
    if (!isVisitorText(message)) continue;
    const subject = subjectOf(input, message.text);
    if (detectIntent(subject) === 'booking') return { subject, text: message.text };
  }
  return null;
}

/** The language of this assistant's own hand-off interrupt, or null for any other interrupt. */
function handOffOf(toolRequest: ToolRequest): HandOffLanguage | null {
  const input = toolRequest.input as { reason?: unknown; language?: unknown } | undefined;
  if (input?.reason !== 'handoff') return null;
  return input.language === 'es' ? 'es' : 'en';
}

function lastUserText(history: readonly Message[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (isVisitorText(history[i]!)) return history[i]!.text;
  }
  return null;
}

function isVisitorText(message: Message): boolean {
  return message.role === 'user' && message.text.trim() !== '' && !isBookingUpdate(message.text);
}

/** The kind this assistant put in its own interrupt, when history no longer shows the request. */
function kindFromToolRequest(toolRequest: ToolRequest): BookingKind | null {
  const input = toolRequest.input as { kind?: unknown } | undefined;
  const kind = input?.kind;
  return kind === 'book' || kind === 'reschedule' || kind === 'cancel' ? kind : null;
}
