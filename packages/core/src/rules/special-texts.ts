import { SMART_REPLY_TEXT } from '../text/en.js';

/** §4 special smart-reply or typed texts, matched case-insensitively. */
export type SpecialAction = 'new-chat' | 'try-again' | 'refresh-page' | 'contact-support';

/** Each action's smart reply in the catalogues (`Catalogue['replies']`): its words, in any language. */
export const SPECIAL_ACTION_REPLY = {
  'new-chat': 'startNewChat',
  'try-again': 'tryAgain',
  'refresh-page': 'refreshPage',
  'contact-support': 'contactSupport',
} as const satisfies Record<SpecialAction, keyof typeof SMART_REPLY_TEXT>;

/** §4 defines them on the English words, whatever the visitor's language (decision 0029). */
const SPECIAL_TEXTS: Record<string, SpecialAction> = Object.fromEntries(
  (Object.keys(SPECIAL_ACTION_REPLY) as SpecialAction[]).map((action) => [
    SMART_REPLY_TEXT[SPECIAL_ACTION_REPLY[action]].toLowerCase(),
    action,
  ]),
);

/** The special action a text asks for, or null for an ordinary message. Surrounding spaces are ignored. */
export function specialActionFor(text: string): SpecialAction | null {
  return SPECIAL_TEXTS[text.trim().toLowerCase()] ?? null;
}

/** The last non-empty user message text, for 'try again'; null when there is none. */
export function lastUserMessageText(
  messages: ReadonlyArray<{ role: string; text: string; type?: string | undefined }>,
): string | null {
  return lastUserMessage(messages)?.text ?? null;
}

/**
 * The last non-empty user message, for 'try again' (which names it to the chat service as the
 * message it answers, issue 27); null when there is none.
 */
export function lastUserMessage<M extends { role: string; text: string; type?: string | undefined }>(
  messages: ReadonlyArray<M>,
): M | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user' && m.text.trim() !== '' && specialActionFor(m.text) !== 'try-again') return m;
  }
  return null;
}
