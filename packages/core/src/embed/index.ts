/**
 * What embed.js (web/embed/) takes from core, without the rest of core (and its schema library):
 * the postMessage protocol and the launcher's texts in each language.
 */
export * from './embed-protocol.js';
export { LAUNCHER_TEXT } from '../text/en.js';
export { LAUNCHER_TEXT_ES } from '../text/es.js';
