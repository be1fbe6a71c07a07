/**
 * The smart replies the assistant offers, in the reply's language. Each one is itself a question
 * the assistant answers, so tapping one always leads somewhere.
 */
import type { SuggestedQuestion } from '@chat/core';
import { MAX_SMART_REPLIES, SMART_REPLY, SMART_REPLY_TEXT } from '@chat/core';
import type { ReplyLanguage } from './visitor-language.js';

export const REPLIES = {
  hours: 'What are your hours?',
  openNow: 'Are you open now?',
  location: 'Where are you located?',
  services: 'Tell me about your services',
  book: 'Book an appointment',
  reschedule: 'Reschedule my appointment',
  cancel: 'Cancel my booking',
  about: 'Who are you?',
  person: 'Talk to a person',
  /** The page's own text for reaching the team; sent as a message it is a request for a person. */
  contactSupport: SMART_REPLY_TEXT.contactSupport,
} as const;

export type ReplyKey = keyof typeof REPLIES;

const REPLIES_ES: Record<ReplyKey, string> = {
  hours: '¿Cuál es su horario?',
  openNow: '¿Están abiertos ahora?',
  location: '¿Dónde están ubicados?',
  services: '¿Qué servicios ofrecen?',
  book: 'Reservar una cita',
  reschedule: 'Cambiar mi cita',
  cancel: 'Cancelar mi reserva',
  about: '¿Quiénes son?',
  person: 'Hablar con una persona',
  contactSupport: SMART_REPLY_TEXT.contactSupport,
};

/** The smart replies of one language. */
export function repliesIn(language: ReplyLanguage): Record<ReplyKey, string> {
  return language === 'es' ? REPLIES_ES : REPLIES;
}

/**
 * A suggested question as the text shown and sent for it: its first line, within the longest
 * smart-reply text (§3). The second line is only its subtitle on the page ("Cuts, color, nails
 * and more" under "Which services do you offer?"), so it is neither shown nor sent as the question.
 */
export function suggestedQuestionText(question: SuggestedQuestion): string {
  return question.line1.trim().slice(0, SMART_REPLY.maxTextLength);
}

/**
 * The first two to four distinct candidates (compared case-insensitively). Fills up with general
 * replies when fewer than two distinct candidates are given, so a turn always offers a choice.
 */
export function pickReplies(candidates: readonly string[], language: ReplyLanguage = 'en'): string[] {
  const picked: string[] = [];
  const add = (text: string) => {
    const trimmed = text.trim();
    if (trimmed && !picked.some((p) => p.toLowerCase() === trimmed.toLowerCase())) picked.push(trimmed);
  };
  for (const text of candidates) {
    if (picked.length === MAX_SMART_REPLIES) break;
    add(text);
  }
  const general = repliesIn(language);
  for (const text of [general.hours, general.services, general.location]) {
    if (picked.length >= 2) break;
    add(text);
  }
  return picked;
}

/** pickReplies over reply keys, in the reply's language. */
export function pickKeys(keys: readonly ReplyKey[], language: ReplyLanguage): string[] {
  const texts = repliesIn(language);
  return pickReplies(
    keys.map((key) => texts[key]),
    language,
  );
}
