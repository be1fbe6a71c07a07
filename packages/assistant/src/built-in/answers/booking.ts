import type { ToolRequest } from '@chat/core';
import { PHONE_SIGN_IN_TOOL, interruptSmartReplies } from '@chat/core';
import type { AssistantTurn } from '../../assistant-types.js';
import type { BookingKind } from '../intents.js';
import type { ReplyKey } from '../smart-replies.js';
import { pickKeys } from '../smart-replies.js';
import type { ReplyLanguage } from '../visitor-language.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, findUsLink, paragraphs } from './answer-context.js';

const INTERRUPT_MESSAGES: Record<ReplyLanguage, Record<BookingKind, string>> = {
  en: {
    book: 'To book an appointment, please verify your phone number first.',
    reschedule: 'To change your booking, please verify your phone number first.',
    cancel: 'To cancel your booking, please verify your phone number first.',
  },
  es: {
    book: 'Para reservar una cita, primero verifica tu número de teléfono.',
    reschedule: 'Para cambiar tu reserva, primero verifica tu número de teléfono.',
    cancel: 'Para cancelar tu reserva, primero verifica tu número de teléfono.',
  },
};

/** What the assistant says before asking for the phone number: a visitor never gets silence. */
const INTERRUPT_LEADS: Record<ReplyLanguage, Record<BookingKind, string>> = {
  en: {
    book: "I'd be happy to help you book an appointment!",
    reschedule: 'I can help you change your booking.',
    cancel: 'I can help you cancel your booking.',
  },
  es: {
    book: '¡Con gusto te ayudo a reservar una cita!',
    reschedule: 'Puedo ayudarte a cambiar tu reserva.',
    cancel: 'Puedo ayudarte a cancelar tu reserva.',
  },
};

/**
 * An anonymous visitor asked for a booking change: a short text reply, and the phone sign-in
 * interrupt whose message the chat service stores as the auth message that holds the phone widget.
 */
export function bookingInterrupt(
  kind: BookingKind,
  ref: string,
  language: ReplyLanguage = 'en',
): AssistantTurn {
  // Never silence: a short text reply comes with the interrupt (issue 8).
  return {
    ...phoneSignInInterrupt(ref, INTERRUPT_MESSAGES[language][kind], { reason: 'booking', kind }),
    reply: INTERRUPT_LEADS[language][kind],
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
  return { reply: '', smartReplies: interruptSmartReplies(), interrupt: { toolRequest, message } };
}

/** The parts of the answer to a verified visitor that differ by kind of booking change. */
interface BookingAnswerParts {
  /** The bold first sentence and what happens next. */
  lead: string;
  /** Markdown lines shown as one paragraph under the lead. */
  details: string[];
  /** The smart-reply candidates. */
  replies: ReplyKey[];
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
    replies: ['hours', 'services', 'location'],
  }),
  reschedule: (name) => ({
    lead: `**Let's find you a new time.** I've let the ${name} team know you'd like to reschedule, and they'll text you at your verified number with available times.`,
    details: [
      '- Your current appointment stays booked until you confirm the new time.',
      "- If you already know what suits you, tell me the day and time and I'll pass it on.",
    ],
    replies: ['hours', 'cancel', 'location'],
  }),
  cancel: (name) => ({
    lead: `**Your cancellation request is in.** The ${name} team will cancel your appointment and text a confirmation to your verified number.`,
    details: [
      "- Changed your mind? Just tell me and I'll let them know.",
      '- Would another time work better? I can ask them to **reschedule** instead.',
    ],
    replies: ['reschedule', 'book', 'hours'],
  }),
};

const BOOKING_ANSWERS_ES: Record<BookingKind, (name: string) => BookingAnswerParts> = {
  book: (name) => ({
    lead: `**Tu solicitud de reserva está enviada.** Se la pasé al equipo de ${name}, y te escribirán a tu número verificado para confirmar la hora.`,
    details: [
      '**Para ir más rápido, dime:**',
      '- el servicio que quieres',
      '- el día y la hora que mejor te vienen',
    ],
    replies: ['hours', 'services', 'location'],
  }),
  reschedule: (name) => ({
    lead: `**Busquemos otra hora.** Le avisé al equipo de ${name} que quieres cambiar tu cita, y te escribirán a tu número verificado con las horas disponibles.`,
    details: [
      '- Tu cita actual se mantiene hasta que confirmes la nueva hora.',
      '- Si ya sabes qué te viene bien, dime el día y la hora y se lo paso.',
    ],
    replies: ['hours', 'cancel', 'location'],
  }),
  cancel: (name) => ({
    lead: `**Tu solicitud de cancelación está enviada.** El equipo de ${name} cancelará tu cita y te enviará la confirmación a tu número verificado.`,
    details: [
      '- ¿Cambiaste de opinión? Dímelo y se lo comunico.',
      '- ¿Te vendría mejor otra hora? Puedo pedirles que la **cambien** en lugar de cancelarla.',
    ],
    replies: ['reschedule', 'book', 'hours'],
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
  const es = ctx.language === 'es';
  const { lead, details, replies } = (es ? BOOKING_ANSWERS_ES : BOOKING_ANSWERS)[kind](boldName(ctx));
  return {
    reply: paragraphs(
      justVerified
        ? es
          ? '¡Gracias por verificar tu número de teléfono!'
          : 'Thanks for verifying your phone number!'
        : null,
      lead,
      details.join('\n'),
      findUsLink(ctx),
    ),
    smartReplies: pickKeys(replies, ctx.language),
    passToTeam: { type: 'BOOKING_REQUEST', request },
  };
}
