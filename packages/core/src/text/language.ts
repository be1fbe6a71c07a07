/**
 * The languages the page ships, how the visitor's language is chosen and its writing direction.
 * Free of the catalogues themselves, so the embed snippet can choose a language without carrying them.
 */

/** The languages the page ships a catalogue for; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The query parameter that overrides the browser's language, e.g. `?lang=es`. */
export const LANGUAGE_QUERY_PARAM = 'lang';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** 'es' for 'es-MX', 'ES', 'es_AR'; null for an empty or malformed tag. */
function primarySubtag(tag: string): string | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/** The shipped language a tag names ('es' for 'es-MX'), or null when the page does not ship it. */
export function shippedLanguageOf(tag: string): Language | null {
  const primary = primarySubtag(tag);
  return primary !== null && isLanguage(primary) ? primary : null;
}

/**
 * The page's language: the `?lang=` override when it names a shipped language, else the first of the
 * browser's preferred languages (navigator.languages, most preferred first) that the page ships,
 * else English.
 */
export function chooseLanguage(override: string | null, preferred: readonly string[]): Language {
  for (const tag of override === null ? preferred : [override, ...preferred]) {
    const language = shippedLanguageOf(tag);
    if (language !== null) return language;
  }
  return DEFAULT_LANGUAGE;
}

// Languages written right to left (primary subtags), and Chromium's pseudo right-to-left locale.
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** The writing direction of a language tag, for `<html dir>`. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  if (/^[a-z]+-xb$/i.test(tag)) return 'rtl';
  const primary = primarySubtag(tag);
  return primary !== null && RIGHT_TO_LEFT.has(primary) ? 'rtl' : 'ltr';
}
