/**
 * The system notices the page saves into a conversation (§4: ui.phoneVerified after a phone sign-in,
 * ui.authCancelled, ui.noPreviousMessage), in every shipped language: the only system messages a
 * client may write. firestore.rules holds a checked copy (systemMessageTexts, held to this list by
 * packages/firebase's rules-constants.test.ts); the mock server and the in-memory backend refuse any
 * other through core's NewMessageCheck.
 */
import { EN } from './en.js';
import { SYSTEM_NOTICE_TEXT_ES } from './es-notices.js';
import { LANGUAGES, type Language } from './language.js';

export const SYSTEM_NOTICE_KEYS = ['phoneVerified', 'authCancelled', 'noPreviousMessage'] as const;
export type SystemNoticeKey = (typeof SYSTEM_NOTICE_KEYS)[number];

/** Each language's notices: a new language does not compile until its notices are here. */
const NOTICES: Record<Language, Record<SystemNoticeKey, string>> = {
  en: EN.ui,
  es: SYSTEM_NOTICE_TEXT_ES,
};

/** Every language's notices, language by language in LANGUAGES' order, each in SYSTEM_NOTICE_KEYS' order. */
export const SYSTEM_NOTICE_TEXTS: readonly string[] = LANGUAGES.flatMap((language) =>
  SYSTEM_NOTICE_KEYS.map((key) => NOTICES[language][key]),
);
