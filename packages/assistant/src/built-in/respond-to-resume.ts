import type { Message, ToolRequest } from '@chat/core';
import { isBookingUpdate } from '@chat/core';
import { paragraphs } from './answers/answer-context.js';
import { bookingAnswer, bookingInterrupt } from './answers/booking.js';
import { handOffAnswer, handOffInterrupt } from './answers/hand-off.js';
import { infoAnswer } from './answers/info-answer.js';
import type { AssistantInput, AssistantTurn } from '../assistant-types.js';
import type { BookingKind } from './intents.js';
import { bookingKind, detectIntent } from './intents.js';
import { answerContext, interruptRef, subjectOf } from './respond-to-message.js';
import { pickKeys } from './smart-replies.js';

type ResumeRequest = Extract<AssistantInput['request'], { kind: 'resume' }>;

/** What the interrupt was raised for (with the visitor's words): a booking change, or a request for a person. */
type Trigger =
  { kind: 'handoff'; text: string } | { kind: 'booking'; booking: BookingKind | null; text: string };

/**
 * After the phone sign-in interrupt. Verified: carry out the request that raised it (a booking
 * change, or a hand-off to the team). Declined: say nothing is passed on, answer what the visitor
 * chose instead, offer follow-ups. In the language of the visitor's last words.
 */
export function respondToResume(input: AssistantInput, request: ResumeRequest): AssistantTurn {
  const ctx = answerContext(input, lastUserText(input.history) ?? '');
  if (request.declined || request.action === 'PHONE_SIGN_IN_DECLINED') return declinedAnswer(input, ctx);

  const trigger =
    lastRequest(input) ?? triggerFromToolRequest(request.toolRequest, lastUserText(input.history) ?? '');
  // The endpoint checks the token; should a resume still arrive unverified, ask again rather than act.
  if (trigger.kind === 'handoff') {
    return input.signedIn
      ? handOffAnswer(ctx, ctx.language, trigger.text, true)
      : handOffInterrupt(ctx, ctx.language, interruptRef(input));
  }
  if (!input.signedIn) return bookingInterrupt(trigger.booking ?? 'book', interruptRef(input), ctx.language);
  if (trigger.booking) return bookingAnswer(ctx, trigger.booking, true, trigger.text);
  const es = ctx.language === 'es';
  return {
    reply: paragraphs(
      es
        ? '¡Gracias por verificar tu número de teléfono! Ya está todo listo.'
        : "Thanks for verifying your phone number! You're all set.",
      es
        ? '¿Qué quieres hacer: **reservar**, **cambiar** o **cancelar** una cita?'
        : 'What would you like to do: **book**, **reschedule** or **cancel** an appointment?',
    ),
    smartReplies: pickKeys(['book', 'reschedule', 'cancel'], ctx.language),
  };
}

function declinedAnswer(input: AssistantInput, ctx: ReturnType<typeof answerContext>): AssistantTurn {
  const lead =
    ctx.language === 'es'
      ? 'No hay problema. No haré cambios ni pasaré solicitudes sin un número de teléfono verificado, pero con gusto te ayudo con otra cosa.'
      : "No problem! I won't make any booking changes without a verified phone number, but I'm happy to help with anything else.";
  // The page saves the smart reply the visitor chose to decline ('Need more info about services'…) before resuming.
  const chosen = lastUserText(input.history);
  const intent = chosen === null ? 'fallback' : detectIntent(subjectOf(input, chosen));
  const follow = ['services', 'hours', 'location'] as const;
  if (intent === 'hours' || intent === 'location' || intent === 'services') {
    const answer = infoAnswer(intent, ctx);
    return {
      reply: paragraphs(lead, answer.reply),
      smartReplies: pickKeys(
        follow.filter((key) => key !== intent),
        ctx.language,
      ),
    };
  }
  return { reply: lead, smartReplies: pickKeys(follow, ctx.language) };
}

/** The visitor's last message that asked for a booking change or a person (the one the interrupt stopped). */
function lastRequest(input: AssistantInput): Trigger | null {
  for (let i = input.history.length - 1; i >= 0; i--) {
    const message = input.history[i]!;
    if (!isVisitorText(message)) continue;
    const subject = subjectOf(input, message.text);
    const intent = detectIntent(subject);
    if (intent === 'handoff') return { kind: 'handoff', text: message.text };
    if (intent === 'booking') return { kind: 'booking', booking: bookingKind(subject), text: message.text };
  }
  return null;
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

/** What this assistant put in its own interrupt, when history no longer shows the request. */
function triggerFromToolRequest(toolRequest: ToolRequest, text: string): Trigger {
  const input = toolRequest.input as { kind?: unknown; reason?: unknown } | undefined;
  if (input?.reason === 'handoff') return { kind: 'handoff', text };
  const kind = input?.kind;
  return {
    kind: 'booking',
    booking: kind === 'book' || kind === 'reschedule' || kind === 'cancel' ? kind : null,
    text,
  };
}
