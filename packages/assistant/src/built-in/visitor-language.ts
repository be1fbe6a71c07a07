/**
 * The language the built-in assistant answers in: English or Spanish, the page's two languages.
 * What the visitor wrote decides when it clearly reads as one of them (a visitor on an English page
 * who writes in Spanish gets Spanish); otherwise the page's language, when the chat call carried
 * it; otherwise English.
 */
export type ReplyLanguage = 'en' | 'es';

/**
 * Words only Spanish uses (English visitors rarely write them). A lone 'ñ' is not one: English
 * sentences carry it in names and loanwords ('Ana Muñoz', 'jalapeño').
 */
const SPANISH_WORDS =
  /\b(hola|gracias|quiero|quisiera|d[oó]nde|cu[aá]ndo|cu[aá]nto|horario|horarios|abren|abierto|abiertos|cierran|cerrado|ma[nñ]ana|cita|reserva|reservar|servicios|tienen|hacen|ofrecen|ustedes|por favor|buenos|buenas|qu[eé]|cu[aá]l|c[oó]mo|tel[eé]fono|hablar|persona|precio|precios|cuesta|est[aá]n|ubicados|direcci[oó]n|aparcamiento|estacionamiento)\b/giu;

/** Spanish's opening question and exclamation marks: a sentence that has one is Spanish. */
const SPANISH_MARKS = /[¿¡]/g;

/** Everyday English words that Spanish does not use. */
const ENGLISH_WORDS =
  /\b(the|you|your|what|where|when|how|do|does|is|are|can|could|hi|hello|thanks|thank|please|open|hours|book|my|i'?d|want|need)\b/gi;

const count = (pattern: RegExp, text: string) => text.match(pattern)?.length ?? 0;

/**
 * The language with more of its own words in `text` (an opening ¿ or ¡ counts as two); on a tie —
 * none of either, or as many of each — the page's language, else English. So a Spanish word or
 * name in an English sentence ('I love jalapeño, are you open today?') does not switch the reply.
 */
export function replyLanguage(text: string, pageLanguage?: ReplyLanguage): ReplyLanguage {
  const spanish = count(SPANISH_WORDS, text) + 2 * count(SPANISH_MARKS, text);
  const english = count(ENGLISH_WORDS, text);
  if (spanish > english) return 'es';
  if (english > spanish) return 'en';
  return pageLanguage ?? 'en';
}
