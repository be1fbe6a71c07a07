/**
 * How text becomes search terms, the same for the business's data and the visitor's question:
 * lower-cased words without punctuation, the little words of English and Spanish dropped (they
 * would make every entry match "do you…?"), and each word stemmed by both the English and the
 * Spanish Snowball stemmer, so "manicures" finds "manicura" and "cancellation" finds "cancel"
 * whichever language the business wrote its data in. Accents are dropped after stemming.
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';

const STOP_WORDS = new Set(
  // English
  (
    'a an and any anyone are as at be been can could did do does doing for from get got has have having ' +
    'hello hi how i id im in is it its just know let like me my of on or our please so some tell than ' +
    'thanks that the their them then there these they this to us want wanted we what whats when where ' +
    'which who why will with would you your youre yours ill ive about much many ' +
    // Spanish
    'al algo algun alguna alguno como con cual cuales de del donde el ella ellos en es esta estan este ' +
    'esto hay la las le les lo los me mi mis muy no nos o para pero por que quiero quisiera se si sin ' +
    'su sus te tiene tienen tu un una unas uno unos usted ustedes y ya hola gracias favor hacen ofrecen venden'
  ).split(' '),
);

/** Lower-cased words, punctuation removed; apostrophes join ("what's" → "whats"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The same word without accents ("qué" → "que"), for comparing with the stop words. */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words that carry meaning: no stop words, no single letters. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length > 1 && !isStopWord(w));
}

/**
 * Stop words are compared without accents ("qué" is "que"), but ñ is a letter of its own, not an
 * accented n: without this, "uñas" (nails) would be taken for "unas" (some) and never searched.
 */
function isStopWord(word: string): boolean {
  return !/ñ/i.test(word) && STOP_WORDS.has(withoutAccents(word));
}

/** The stems a word is indexed and searched under: English and Spanish, accents dropped. */
export function stemsOf(word: string): string[] {
  const lower = word.toLowerCase();
  return [...new Set([englishStem(lower), spanishStem(lower)].map(withoutAccents))];
}
