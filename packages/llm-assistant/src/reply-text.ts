/**
 * The visitor-facing reply inside the model's growing output, and how much of it may be shown yet.
 * The model answers with the chat-turn JSON ({ reply, smartReplies }); a model that answers in plain
 * text instead has that text taken as the reply.
 */
import { extractJson } from 'genkit/extract';
import { claimsBookingChange } from './booking-guard.js';

/** The reply so far in the model's accumulated output ('' while nothing of it has arrived). */
export function replySoFar(accumulated: string): string {
  const text = accumulated.trimStart();
  if (text === '') return '';
  if (!text.startsWith('{') && !text.startsWith('```')) return text;
  try {
    const partial = extractJson(text) as { reply?: unknown } | null;
    return typeof partial?.reply === 'string' ? partial.reply : '';
  } catch {
    return '';
  }
}

/**
 * Streams only whole sentences, each checked before it is shown: a reply that starts claiming a
 * booking change stops growing before the claim appears (the stored reply can only grow, so a
 * claim once shown could not be taken back).
 */
export class SentenceGate {
  private shown = '';
  private blocking = false;

  /** The text that may be shown now (it always extends what was shown before), or null for no change. */
  offer(textSoFar: string): string | null {
    if (this.blocking || !textSoFar.startsWith(this.shown)) return null;
    const end = lastSentenceEnd(textSoFar);
    if (end <= this.shown.length) return null;
    const candidate = textSoFar.slice(0, end);
    if (claimsBookingChange(candidate)) {
      this.blocking = true;
      return null;
    }
    this.shown = candidate;
    return candidate;
  }

  /** Whether the reply started a claim it may not make (nothing more is shown). */
  get blocked(): boolean {
    return this.blocking;
  }

  /** What has been shown so far. */
  get text(): string {
    return this.shown;
  }
}

/** Just after the last sentence end ('.', '!', '?', '…' or a line break followed by space), or 0. */
function lastSentenceEnd(text: string): number {
  let end = 0;
  for (const match of text.matchAll(/[.!?…。]+(?=\s)|\n/g)) end = match.index + match[0].length;
  return end;
}
