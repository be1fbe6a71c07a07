/**
 * The language of the texts code writes without the model (the phone-verification box, fallbacks):
 * Spanish when the visitor's last message reads as Spanish, else English. The model itself follows
 * whatever language the visitor writes in.
 */
import { SPANISH_HINTS, TEXTS } from './assistant-settings.js';

export type TextLanguage = keyof typeof TEXTS;

export function textLanguageOf(visitorText: string): TextLanguage {
  return SPANISH_HINTS.test(visitorText) ? 'es' : 'en';
}

export function textsFor(visitorText: string): (typeof TEXTS)[TextLanguage] {
  return TEXTS[textLanguageOf(visitorText)];
}
