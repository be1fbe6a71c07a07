/**
 * The language the built-in assistant answers in: English or Spanish, the page's two languages.
 * What the visitor wrote decides when it clearly reads as one of them (a visitor on an English page
 * who writes in Spanish gets Spanish); otherwise the page's language, when the chat call carried
 * it; otherwise English.
 */
export type ReplyLanguage = 'en' | 'es';

/** Marks and words only Spanish uses (English visitors rarely write them). */
const SPANISH =
  /[¿¡ñ]|\b(hola|gracias|quiero|quisiera|d[oó]nde|cu[aá]ndo|cu[aá]nto|horario|horarios|abren|abierto|abiertos|cierran|cerrado|ma[nñ]ana|cita|reserva|reservar|servicios|tienen|hacen|ofrecen|ustedes|por favor|buenos|buenas|qu[eé]|cu[aá]l|c[oó]mo|tel[eé]fono|hablar|persona|precio|precios|cuesta|est[aá]n|ubicados|direcci[oó]n|aparcamiento|estacionamiento)\b/i;

/** Everyday English words that Spanish does not use. */
const ENGLISH =
  /\b(the|you|your|what|where|when|how|do|does|is|are|can|could|hi|hello|thanks|thank|please|open|hours|book|my|i'?d|want|need)\b/i;

export function replyLanguage(text: string, pageLanguage?: ReplyLanguage): ReplyLanguage {
  if (SPANISH.test(text)) return 'es';
  if (ENGLISH.test(text)) return 'en';
  return pageLanguage ?? 'en';
}
