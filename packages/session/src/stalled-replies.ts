/**
 * A reply that stops growing is ended on the page (issue 27): a streaming reply whose text has not
 * grown for STALLED_REPLY_MS is shown as cut — what arrived, no typing cursor — with 'Try again',
 * as a reply the chat service stored with `cut: true` is. Its writer may have died without a word
 * (a `kill -9`, an instance taken away); the chat service ends such a reply for good on the
 * conversation's next turn, but the visitor must not wait for that. Growth is what this page saw
 * arrive, by its own clock: a reply that grows again is shown streaming again. The growth is noted by
 * the reducer (session-state.ts, on each list and on `stall-check`), the timer armed by the effect
 * runner; here are the rules the view applies.
 */
import type { Message } from '@chat/core';

/** How long a streaming reply may go without growing before the page ends it (README "No reply left hanging"). */
export const STALLED_REPLY_MS = 20_000;

export interface ReplyGrowth {
  /** The text's length when it last grew. */
  length: number;
  /** When it last grew, by this page's clock. */
  at: number;
}

/** The stored messages as shown: a stalled reply is ended as cut (streaming removed, `cut: true`). */
export function withStalledCut(stored: Message[], stalled: ReadonlySet<string>): Message[] {
  if (stalled.size === 0) return stored;
  return stored.map((message) => {
    if (!stalled.has(message.id) || !message.streaming) return message;
    const { streaming: _streaming, ...ended } = message;
    return { ...ended, cut: true };
  });
}

/** Whether the conversation ends with a cut reply (stored so, or stalled here): 'Try again' is offered. */
export function endsWithCutReply(shown: readonly Message[]): boolean {
  const last = shown.at(-1);
  return last?.role === 'model' && last.cut === true;
}
