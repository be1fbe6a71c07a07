/**
 * A scenario's texts per language (issue 28: a Spanish demo was half English). Where a text goes, a
 * scenario may write one per language instead — `reply: { en: We open at 9., es: Abrimos a las 9. }`,
 * `smartReplies: { en: [Hours?], es: [¿Horario?] }` — and the visitor whose page is in Spanish (the
 * chat call's `language`, e.g. from `?lang=es`) gets the Spanish one. English is required: it is what
 * every other visitor gets, and what `demo check` rehearses and `demo record` writes.
 *
 * The schema keeps the English text where the text always was (so everything that reads a step reads
 * a string, as before) and the other languages beside it in `translations`; the engine swaps them in
 * for the turn's language (inLanguage).
 */
import { z } from 'zod';
import { shippedLanguageOf } from '@chat/core';

/** The languages a scenario text may be written in besides English (the page's own, core's LANGUAGES). */
export const OTHER_LANGUAGES = ['es'] as const;
type OtherLanguage = (typeof OTHER_LANGUAGES)[number];

/**
 * What a union of a value and its per-language form says when neither fits. describe-issues.ts tells
 * it by this text: for a value that is not a set of fields, the plain form's own complaint is the
 * useful one ("must be a list, like [First, Second]…").
 */
export const LOCALIZED_UNION_MESSAGE = 'must be a text, or one per language like { en: Hello, es: Hola }';

/** A value, or one per language with English required. */
export function localized<T extends z.ZodType>(value: T) {
  return z.union(
    [value, z.strictObject({ en: value, es: value.optional() }, { error: localizedFieldsMessage })],
    LOCALIZED_UNION_MESSAGE,
  );
}

function localizedFieldsMessage(issue: { code: string; keys?: string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return `${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}: a text can be written in en (required) and ${OTHER_LANGUAGES.join(', ')}`;
}

/** The fields of a step that can be written per language. */
export interface StepTexts {
  reply?: string;
  interrupt?: string;
  requireSignIn?: string;
  smartReplies?: string[];
}
type TextField = keyof StepTexts;

export type Translations = Partial<Record<OtherLanguage, StepTexts>>;

const TEXT_FIELDS: readonly TextField[] = ['reply', 'interrupt', 'requireSignIn', 'smartReplies'];

/** A field's English value: the text itself, or `en` of a text per language. */
type English<T> = T extends { en: infer E } ? E : T;

/** `fields` with each text field's English value, and the other languages' in `translations`. */
export type SplitTexts<Fields> = {
  [K in keyof Fields]: K extends TextField ? English<Fields[K]> : Fields[K];
} & { translations?: Translations };

/** The English text where the text always was, and the other languages set aside in `translations`. */
export function splitLanguages<Fields extends object>(fields: Fields): SplitTexts<Fields> {
  const english = { ...fields } as Record<string, unknown>;
  const translations: Translations = {};
  for (const field of TEXT_FIELDS) {
    const value = english[field];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const perLanguage = value as Record<string, unknown>;
    english[field] = perLanguage.en;
    for (const language of OTHER_LANGUAGES) {
      if (perLanguage[language] !== undefined) {
        (translations[language] ??= {})[field] = perLanguage[language] as never;
      }
    }
  }
  if (Object.keys(translations).length > 0) english.translations = translations;
  return english as SplitTexts<Fields>;
}

/** The other language a chat call's `language` tag names, or null (English, or a language not written). */
export function otherLanguageOf(tag: string | undefined): OtherLanguage | null {
  const language = tag ? shippedLanguageOf(tag) : null;
  return OTHER_LANGUAGES.find((other) => other === language) ?? null;
}

/** `texts` in `language` where a translation gives one, else as they are (English). */
export function translated<T extends StepTexts & { translations?: Translations }>(
  texts: T,
  language: OtherLanguage | null,
): T {
  const translation = language ? texts.translations?.[language] : undefined;
  return translation ? { ...texts, ...translation } : texts;
}
