/**
 * One catalogue per language: its shape (English's keys, any strings) and how one is loaded.
 * Non-English catalogues are loaded on demand (loadCatalogue) so an English visitor downloads none.
 */
import { EN } from './en.js';
import type { Language } from './language.js';

/** Turns every string literal of the English catalogue into `string`, keeping the keys. */
type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** A language's catalogue: exactly the English catalogue's sections and keys. */
export type Catalogue = Strings<typeof EN>;

/** The catalogue of a shipped language; non-English ones are fetched as their own chunk. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'es':
      return (await import('./es.js')).ES;
    case 'en':
      return EN;
  }
}

/**
 * A catalogue text with its `{name}` placeholders filled in. A placeholder without a value stays as
 * written, so a mistake shows on screen instead of vanishing.
 */
export function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
