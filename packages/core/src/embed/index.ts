/**
 * What embed.js (web/embed/) takes from core, without the rest of core (and its schema library):
 * the postMessage protocol, the launcher's texts in each language, the language choice and the
 * brand colour's readable text colour.
 */
export * from './embed-protocol.js';
export { LAUNCHER_TEXT } from '../text/en.js';
export { LAUNCHER_TEXT_ES } from '../text/es.js';
export { chooseLanguage } from '../text/language.js';
export { readableTextOn } from '../rules/brand-color.js';
