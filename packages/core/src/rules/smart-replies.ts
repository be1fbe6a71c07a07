import type { SmartReply } from '../model/message.js';

/** At most this many smart replies are kept and shown (§9). */
export const MAX_SMART_REPLIES = 4;

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
