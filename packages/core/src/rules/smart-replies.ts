import type { SmartReply } from '../model/message.js';
import type { Catalogue } from '../text/catalogue-shape.js';
import { SMART_REPLY_TEXT } from '../text/en.js';
import { specialActionFor, type SpecialAction } from './special-texts.js';

/**
 * What choosing a smart reply does beyond sending its words: a §4 special action, or 'decline' —
 * an answer to the pending phone sign-in instead of signing in (§4 "On decline").
 */
export type SmartReplyAction = SpecialAction | 'decline';

/**
 * A smart reply as the page offers it: the words it shows (in the visitor's language when the app
 * set it) and, apart from them, what it does. Code decides by `action`, never by `text` (issue 28).
 */
export interface OfferedSmartReply extends SmartReply {
  readonly action?: SmartReplyAction;
}

/**
 * An assistant's smart reply (already normalised) with the action its words name, §4's special texts
 * being the assistant's way to offer one ('Try again', 'Start a new chat'): read once here, where the
 * reply enters the session, so nothing downstream looks at its text again.
 */
export function offeredReply(reply: SmartReply): OfferedSmartReply {
  const action = specialActionFor(reply.text);
  return action ? { ...reply, action } : reply;
}

/** At most this many smart replies are kept and shown (§9). */
export const MAX_SMART_REPLIES = 4;

/**
 * The smart replies offered while the phone sign-in interrupt is pending (§4), in the language of
 * `texts` (English by default, as the assistants send them); choosing one declines. Typed 'system'
 * because they answer the interrupt, not the conversation. The session adds their `action`.
 */
export function interruptSmartReplies(
  texts: Pick<Catalogue['replies'], 'verifyLater' | 'needMoreInfo'> = SMART_REPLY_TEXT,
): SmartReply[] {
  return [
    { type: 'system', text: texts.verifyLater },
    { type: 'system', text: texts.needMoreInfo },
  ];
}

/**
 * §5: smart-reply items arrive as strings or objects; each becomes { type, text } with type
 * defaulting to 'chat'. Items without usable text are dropped; at most 4 are kept.
 */
export function normaliseSmartReplies(items: unknown): SmartReply[] {
  if (!Array.isArray(items)) return [];
  const out: SmartReply[] = [];
  for (const item of items) {
    const reply = normaliseOne(item);
    if (reply) out.push(reply);
    if (out.length === MAX_SMART_REPLIES) break;
  }
  return out;
}

function normaliseOne(item: unknown): SmartReply | null {
  if (typeof item === 'string') {
    const text = item.trim();
    return text ? { type: 'chat', text } : null;
  }
  if (item && typeof item === 'object') {
    const { type, text } = item as { type?: unknown; text?: unknown };
    if (typeof text !== 'string' || !text.trim()) return null;
    return { type: typeof type === 'string' && type.trim() ? type : 'chat', text: text.trim() };
  }
  return null;
}
