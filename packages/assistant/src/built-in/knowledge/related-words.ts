/**
 * Everyday words for a few common services, so a visitor's word finds the business's when the two
 * say the same thing differently: "Do you do nails?" finds a salon that lists "manicures", "¿Hacen
 * uñas?" one that lists "nails". Stemming (./search-terms.ts) already joins "manicures" and
 * "manicura"; this joins words that share no stem.
 *
 * Each group has `words` that mean the same (often the English and Spanish for it) and, optionally,
 * `narrower` words for kinds of it. A word finds the other words of its group and the narrower
 * ones; a narrower word finds the group's words but not the other narrower ones: "nails" finds
 * "manicure" and "pedicure", "pedicure" finds "nails", but "pedicure" never finds "manicure" (a
 * salon that does manicures may not do pedicures).
 *
 * Only the visitor's words are widened (the business's are indexed as written), and these matches
 * weigh less than the visitor's own words (./business-knowledge.ts), so an exact word still ranks
 * first. Keep the table short: common service words whose everyday name differs from the name a
 * business writes, not a thesaurus.
 */
import { stemsOf } from './search-terms.js';

interface RelatedGroup {
  words: readonly string[];
  narrower?: readonly string[];
}

const RELATED_GROUPS: readonly RelatedGroup[] = [
  { words: ['nails', 'uñas'], narrower: ['manicure', 'pedicure'] },
  { words: ['haircut', 'cut', 'corte'], narrower: ['trim'] },
  { words: ['colour', 'color', 'dye', 'tinte'] },
];

/** Each stem of a word in the table → the words it also finds. */
const RELATED_BY_STEM: ReadonlyMap<string, readonly string[]> = (() => {
  const related = new Map<string, Set<string>>();
  const add = (word: string, finds: readonly string[]) => {
    for (const stem of stemsOf(word)) {
      const set = related.get(stem) ?? new Set<string>();
      finds.filter((other) => other !== word).forEach((other) => set.add(other));
      related.set(stem, set);
    }
  };
  for (const { words, narrower = [] } of RELATED_GROUPS) {
    for (const word of words) add(word, [...words, ...narrower]);
    for (const word of narrower) add(word, words);
  }
  return new Map([...related].map(([stem, words]) => [stem, [...words]]));
})();

/** The words the table says a visitor's word also finds ("nails" → "uñas", "manicure", "pedicure"). */
export function relatedWords(word: string): readonly string[] {
  return [...new Set(stemsOf(word).flatMap((stem) => RELATED_BY_STEM.get(stem) ?? []))];
}

/** The stems a visitor's word is searched under: its own, then those of its related words. */
export function askedStemsOf(word: string): string[] {
  return [...new Set([...stemsOf(word), ...relatedWords(word).flatMap(stemsOf)])];
}
