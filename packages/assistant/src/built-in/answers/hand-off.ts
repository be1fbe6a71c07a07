/**
 * A visitor who asks for a person (issue 27): the built-in assistant passes the conversation to the
 * business's team, who follow up by text at the visitor's verified number. An anonymous visitor is
 * asked to verify first, through the same phone sign-in interrupt as a booking change, so the team
 * gets a number it can reach. Kept apart from intents.ts on purpose: any way of recognising the
 * request (these patterns, or a search over the business's data) ends in handOffAnswer /
 * handOffInterrupt, and the chat service writes the HANDOFF feed item from the turn's passToTeam.
 */
import type { AssistantTurn } from '../../assistant-types.js';
import { pickReplies, REPLIES } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, paragraphs } from './answer-context.js';
import { phoneSignInInterrupt } from './booking.js';

export type HandOffLanguage = 'en' | 'es';

/** Asking for a person, after normalise() (lower case, punctuation as spaces), by language. */
const ASKS_FOR_PERSON: Record<HandOffLanguage, RegExp> = {
  en: /\b(talk|speak|chat|connect|put) (me )?(to|with|through to) (a |an |the |some |your |real |live )*(person|human|someone|somebody|agent|representative|rep|staff|team|manager|owner|stylist)\b|\b(real|live) (person|human|agent)\b|\b(a|an) (human|agent|representative)\b|\bhuman please\b/,
  es: /\b(hablar|comunicarme|conversar|contactar) con (una |un |el |la |los |alguien|alg[uú]n |del |de )*(persona|humano|agente|alguien|representante|encargad[oa]|equipo|personal|due[nñ]o)\b|\bpersona real\b/,
};

/** The language of a request for a person, or null when the text asks for none. */
export function asksForPerson(normalised: string): HandOffLanguage | null {
  if (ASKS_FOR_PERSON.es.test(normalised)) return 'es';
  if (ASKS_FOR_PERSON.en.test(normalised)) return 'en';
  return null;
}

const TEXTS = {
  en: {
    lead: (name: string) => `I can put you in touch with the ${name} team.`,
    verify: 'To reach the team, please verify your phone number first.',
    verified: 'Thanks for verifying your phone number!',
    passed: (name: string) =>
      `**I've passed your message to the ${name} team.** A person will follow up by text at your verified number as soon as they can.`,
    meanwhile: 'Meanwhile, I can help with our hours, location or services.',
  },
  es: {
    lead: (name: string) => `Puedo ponerte en contacto con el equipo de ${name}.`,
    verify: 'Para hablar con el equipo, primero verifica tu número de teléfono.',
    verified: '¡Gracias por verificar tu número de teléfono!',
    passed: (name: string) =>
      `**Le pasé tu mensaje al equipo de ${name}.** Una persona te escribirá a tu número verificado lo antes posible.`,
    meanwhile: 'Mientras tanto, puedo ayudarte con el horario, la ubicación o los servicios.',
  },
} as const;

/** The anonymous visitor's turn: a lead-in and the phone sign-in interrupt (reason 'handoff'). */
export function handOffInterrupt(ctx: AnswerContext, language: HandOffLanguage, ref: string): AssistantTurn {
  const texts = TEXTS[language];
  return {
    ...phoneSignInInterrupt(ref, texts.verify, { reason: 'handoff', language }),
    reply: texts.lead(boldName(ctx)),
  };
}

/** The verified visitor's turn: the team will follow up, and `request` (their words) goes to the team. */
export function handOffAnswer(
  ctx: AnswerContext,
  language: HandOffLanguage,
  request: string,
  justVerified: boolean,
): AssistantTurn {
  const texts = TEXTS[language];
  return {
    reply: paragraphs(justVerified ? texts.verified : null, texts.passed(boldName(ctx)), texts.meanwhile),
    smartReplies: pickReplies([REPLIES.hours, REPLIES.location, REPLIES.services]),
    passToTeam: { type: 'HANDOFF', request },
  };
}
