import { describe, expect, it } from 'vitest';
import { fillText, loadCatalogue } from './catalogue.js';
import { chooseLanguage, LANGUAGES, shippedLanguageOf, textDirection } from './language.js';
import { MAX_MESSAGE_LENGTH } from '../fields/message-fields.js';
import { EN } from './en.js';

/** Every 'section.key' of a catalogue. */
function keysOf(catalogue: object): string[] {
  return Object.entries(catalogue).flatMap(([section, texts]) =>
    Object.keys(texts as object).map((key) => `${section}.${key}`),
  );
}

describe('the catalogues', () => {
  // The composer's toasts spell the limit out in their words: a change of MAX_MESSAGE_LENGTH must
  // change them too (issue 30: one limit, no stale copy of it).
  it.each(LANGUAGES)('%s names MAX_MESSAGE_LENGTH in every composer toast', async (language) => {
    const catalogue = await loadCatalogue(language);
    for (const [key, text] of Object.entries(catalogue.toasts)) {
      expect(text, `${language} toasts.${key}`).toContain(String(MAX_MESSAGE_LENGTH));
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key the English catalogue has, and no other, each a non-empty text',
    async (language) => {
      const catalogue = await loadCatalogue(language);
      expect(keysOf(catalogue).sort()).toEqual(keysOf(EN).sort());
      for (const [section, texts] of Object.entries(catalogue)) {
        for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
          expect(typeof text === 'string' && text.trim() !== '', `${language} ${section}.${key}`).toBe(true);
        }
      }
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s keeps every {placeholder} of the English text',
    async (language) => {
      const catalogue = (await loadCatalogue(language)) as unknown as Record<string, Record<string, string>>;
      for (const [section, texts] of Object.entries(EN)) {
        for (const [key, english] of Object.entries(texts as Record<string, string>)) {
          const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
          expect(placeholders(catalogue[section]![key]!), `${section}.${key}`).toEqual(placeholders(english));
        }
      }
    },
  );

  // Regression: the Spanish welcome lost its '¡' when the page added the '!' after the name.
  it('Spanish opens every exclamation and question it closes (¡…!, ¿…?)', async () => {
    const spanish = await loadCatalogue('es');
    for (const [section, texts] of Object.entries(spanish)) {
      for (const [key, text] of Object.entries(texts as Record<string, string>)) {
        const count = (mark: string) => text.split(mark).length - 1;
        expect([count('¡'), count('¿')], `es ${section}.${key}: ${text}`).toEqual([count('!'), count('?')]);
      }
    }
  });

  it('loads English without fetching anything and Spanish as its own module', async () => {
    expect(await loadCatalogue('en')).toBe(EN);
    expect((await loadCatalogue('es')).ui.loading).toBe('Cargando...');
  });
});

describe('chooseLanguage', () => {
  it('follows the first preferred language the page ships', () => {
    expect(chooseLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(chooseLanguage(null, ['en-GB', 'es'])).toBe('en');
    expect(chooseLanguage(null, ['ES_ar'])).toBe('es');
  });

  it('falls back to English when no preferred language is shipped, or there is none', () => {
    expect(chooseLanguage(null, ['fr', 'de'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });

  it('lets ?lang= override the browser, and ignores an override it cannot honour', () => {
    expect(chooseLanguage('en', ['es-ES'])).toBe('en');
    expect(chooseLanguage('es', ['en-US'])).toBe('es');
    expect(chooseLanguage('xx', ['es-ES'])).toBe('es');
    expect(chooseLanguage('<script>', ['en'])).toBe('en');
  });
});

describe('shippedLanguageOf', () => {
  it('names the shipped language of a tag, or null', () => {
    expect(shippedLanguageOf('es-MX')).toBe('es');
    expect(shippedLanguageOf('EN')).toBe('en');
    expect(shippedLanguageOf('fr')).toBeNull();
    expect(shippedLanguageOf('')).toBeNull();
  });
});

describe('textDirection', () => {
  it('is rtl for right-to-left languages and the pseudo right-to-left locale, ltr otherwise', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('ar-XB')).toBe('rtl');
    expect(textDirection('es')).toBe('ltr');
    expect(textDirection('en-US')).toBe('ltr');
  });
});

describe('fillText', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(fillText('{name} is typing…', { name: 'Ava' })).toBe('Ava is typing…');
    expect(fillText('Conversation with {business}', {})).toBe('Conversation with {business}');
  });
});
