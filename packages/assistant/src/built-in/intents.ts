/**
 * What a visitor's message asks for, in English or Spanish, by patterns over its words (accents
 * ignored). Checked in order, so "Can I book for Saturday morning?" is a booking, not a question
 * about hours, and "I want to talk to a person about my booking" is a hand-off. Questions the
 * business answers in its own FAQ are found before any of these (./knowledge/business-knowledge.ts).
 */
import type { SuggestedQuestion } from '@chat/core';
import { asksForPerson } from './answers/hand-off.js';
import { withoutAccents } from './knowledge/search-terms.js';

export type Intent =
  | 'handoff'
  | 'booking'
  | 'contact'
  | 'hours'
  | 'parking'
  | 'location'
  | 'services'
  | 'prices'
  | 'introduction'
  | 'thanks'
  | 'fallback';

/** The kind of booking change a booking message asks for. */
export type BookingKind = 'book' | 'reschedule' | 'cancel';

/**
 * "Can I get my nails done?", "I'd like to have my hair done", "¿Puedo hacerme las uñas?": a
 * service asked for by what it is done to, which one of the two groups captures. A services
 * question (detectIntent) about that thing (askedAbout).
 */
const GET_IT_DONE = /\b(?:get|getting|have|having) (?:my|our|his|her|their) (.+?) done\b|\bhacerme (.+)/i;

// Patterns run over normalise()d text without accents: "¿Dónde están?" is tested as "donde estan".
const PATTERNS: Array<[Exclude<Intent, 'fallback'>, RegExp]> = [
  [
    'handoff',
    /\b(talk|speak|chat|speaking|talking)( to| with) (a |an |the |some )?(real |actual |live )?(person|human|someone|somebody|agent|representative|staff|team|manager|owner|people)\b|\b(real|actual|live) (person|human|agent)\b|\bhuman\b|\boperator\b|\bhablar con (una persona|alguien|un humano|un agente|el equipo|una persona real|el encargado|la encargada)\b|\bpersona real\b|\bun humano\b/,
  ],
  [
    'booking',
    /\b(book|books|booked|booking|bookings|reschedul\w*|appointments?|reservations?|reserve|cancel|reserv(ar|o|a|as|ame)|reservacion\w*|citas?|agendar|cancelar|anular|reprogramar)\b|\b(squeeze|fit|get) me in\b|\ban? (free )?(slot|opening) (for|on|at|this|next|tomorrow)\b/,
  ],
  [
    'contact',
    /\b(phone|telephone|call you|call the|ring you|email|e mail|contact (you|details|info|information|number)|reach (you|the team)|get in touch|whatsapp|telefono|llamar\w*|correo|contacto|contactar\w*)\b/,
  ],
  [
    'hours',
    /\b(hours?|open|opens|opening|close|closes|closed|closing|when|horarios?|hora|horas|abren|abre|abierto|abiertos|abierta|abiertas|cierran|cierra|cerrado|cerrados|cuando)\b|\b(drop|stop|come|pop) (by|in|over)\b/,
  ],
  ['parking', /\b(park|parking|car park|estacionamiento|estacionar|aparcamiento|aparcar|parqueo)\b/],
  [
    'location',
    /\b(where|address|located|locations?|directions?|find you|map|donde|direccion|ubicad\w*|ubicacion|como llego|llegar|mapa)\b/,
  ],
  [
    'services',
    /\b(services?|offer|offers|offerings?|menu|treatments?|do you do|do you have|do you sell|do you make|servicios?|ofrecen|hacen|tratamientos?|venden)\b/,
  ],
  [
    'prices',
    /\b(prices?|pricing|cost|costs|how much|rates?|fees?|precios?|tarifas?|cuesta|cuestan|cuanto vale|cuanto valen|cuanto es|cuanto sale)\b/,
  ],
  // After prices, so "How much to get my nails done?" asks a price.
  ['services', GET_IT_DONE],
  [
    'introduction',
    /^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening)|hola|buenos dias|buenas)\b|\bwho (are|is) (you|this)\b|\bwhat (are|is) (you|this)\b|\babout (you|yourself|your business|the business|this business)\b|\bquien(es)? (eres|es|son)\b|\bque es esto\b/,
  ],
  ['thanks', /\b(thanks|thank you|thank u|thx|cheers|gracias)\b/],
];

/** Lower case, with punctuation turned into spaces and runs of spaces collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function detectIntent(text: string): Intent {
  if (asksForPerson(normalise(text))) return 'handoff';
  const normalised = withoutAccents(normalise(text));
  for (const [intent, pattern] of PATTERNS) {
    if (pattern.test(normalised)) return intent;
  }
  return 'fallback';
}

/**
 * Whichever kind of change the text names first: "Can I change my booking? Reschedule or cancel"
 * is a change, "Cancel, don't reschedule" a cancellation. Naming neither means a new booking.
 */
export function bookingKind(text: string): BookingKind {
  const normalised = withoutAccents(normalise(text));
  const cancel = normalised.search(/\b(cancel|anular)/);
  const reschedule = normalised.search(
    /\b(reschedul|change|changing|move|moving|modify|update|different time|another time|cambiar|cambio|mover|reprogramar|modificar|otra hora|otro dia)/,
  );
  if (cancel === -1 && reschedule === -1) return 'book';
  if (cancel === -1) return 'reschedule';
  if (reschedule === -1) return 'cancel';
  return cancel < reschedule ? 'cancel' : 'reschedule';
}

/** Whether the visitor asks about tomorrow ("mañana" alone; "esta mañana", "por la mañana" are mornings). */
export function asksAboutTomorrow(text: string): boolean {
  const normalised = withoutAccents(normalise(text));
  return /\btomorrow\b/.test(normalised) || /(^|\b(?!la |esta )\w+ )manana\b|^manana\b/.test(normalised);
}

/**
 * What a "do you…?" or "how much…?" question is about, in the visitor's words ("balayage for short
 * hair", "a haircut"), or null when the question names nothing ("what services do you offer?").
 */
export function askedAbout(text: string): string | null {
  const done = GET_IT_DONE.exec(text);
  const match =
    /\b(?:do you (?:do|offer|have|sell|make|provide|carry)|can you (?:do|make|fix)|can i get|how much (?:is|are|does|do|for|would)?|(?:price|cost) (?:of|for)|hacen|ofrecen|tienen|venden|hay|cu[aá]nto (?:cuesta|cuestan|vale|valen|es|sale)|precio (?:de|del))\s+(.+)/i.exec(
      text,
    );
  const subject = (done ? (done[1] ?? done[2]) : match?.[1])
    ?.replace(/[?!.¿¡]+/g, ' ')
    .replace(/^\s*(a|an|the|any|some|un|una|el|la|los|las|unos|unas)\s+/i, '')
    .replace(/\s+(cost|costs|be|for|please|por favor)\s*$/i, '')
    .trim();
  // "What services do you offer (and what are the prices)?" asks about everything, not one thing.
  if (!subject || /^(and|or|y|o)\b/i.test(subject) || /\b(services?|servicios?)\b/i.test(text)) return null;
  return subject;
}

/**
 * The suggested question the text repeats, if any. The page may send a question's first line
 * alone or both lines together, so either matches.
 */
export function matchSuggestedQuestion(
  text: string,
  questions: readonly SuggestedQuestion[],
): SuggestedQuestion | null {
  const said = normalise(text);
  if (!said) return null;
  return (
    questions.find((q) => {
      const line1 = normalise(q.line1);
      const both = normalise(`${q.line1} ${q.line2}`);
      return said === line1 || said === both;
    }) ?? null
  );
}
