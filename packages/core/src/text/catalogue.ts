/**
 * One catalogue per language: its shape (English's keys, any strings) and how one is loaded.
 * Non-English catalogues are loaded on demand (loadCatalogue) so an English visitor downloads none.
 */
import type { Catalogue } from './catalogue-shape.js';
import { EN } from './en.js';
import type { Language } from './language.js';

// Its own module, so es.ts can name the shape without importing the module that loads it.
export type { Catalogue } from './catalogue-shape.js';

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
