/**
 * The chat page's smart-reply text that the specification does not quote. Like core's
 * SMART_REPLY_TEXT it stays English in every language: choosing it sends it as the visitor's words,
 * and §4 recognises 'try again' in English (docs/decisions/0013-languages-and-themes.md).
 */
export const CHAT_TEXT = {
  /** The smart reply offered after a failed answer; it is the §4 special text 'try again'. */
  tryAgain: 'Try again',
} as const;
