/**
 * The visitor's messages on their way out: shown at once (as Intercom and Chatwoot do), in the order
 * sent, before the server has saved them. Pure functions over the outbox's items; use-outbox.ts
 * holds them and sends them one after the other.
 */
import type { Message } from '@chat/core';

export interface OutboxItem {
  /** Stable for the item's whole life, and kept as the key of its stored copy's bubble. */
  key: string;
  text: string;
  /** 'sending' while queued or being saved; 'saved' once the server has it; 'failed' to retry. */
  status: 'sending' | 'saved' | 'failed';
  /** The stored message's id, once the save answered. */
  messageId: string | null;
  /**
   * How many stored messages there were when it was (re)queued. Its stored copy can only come after
   * them, which is how a copy the live stream delivers before the save's own answer is recognised.
   */
  after: number;
}

/** What the page carries from a conversation it has to leave (expired, or gone) to the next one. */
export interface Carry {
  /** Messages to send there, in order. */
  send: string[];
  /** Messages whose save had failed: shown there as not sent, with Retry. */
  notSent: string[];
  /** What the visitor had typed and not sent yet. */
  draft: string;
}

export const NOTHING_CARRIED: Carry = { send: [], notSent: [], draft: '' };

export interface OutboxPlacement {
  /** Stored messages that came from the outbox, by stored id → the item's key. */
  keyOf: ReadonlyMap<string, string>;
  /** The items whose stored copy is not in the list yet, in the order sent. */
  unstored: OutboxItem[];
}

/**
 * Matches the outbox against the stored messages: an item whose save answered is found by id; one
 * whose save has not answered (or gave up waiting) by its text, among the visitor's messages stored
 * after it was queued that no other item has claimed. What is matched shows as stored, the rest as
 * outbox bubbles after the stored messages — never the same message twice.
 */
export function placeOutbox(stored: readonly Message[], items: readonly OutboxItem[]): OutboxPlacement {
  const keyOf = new Map<string, string>();
  const storedIds = new Set(stored.map((m) => m.id));
  for (const item of items) {
    if (item.messageId !== null && storedIds.has(item.messageId)) keyOf.set(item.messageId, item.key);
  }
  const unstored: OutboxItem[] = [];
  for (const item of items) {
    if (item.messageId !== null) {
      if (!keyOf.has(item.messageId)) unstored.push(item);
      continue;
    }
    const copy = stored.find(
      (m, index) => index >= item.after && m.role === 'user' && m.text === item.text && !keyOf.has(m.id),
    );
    if (copy) keyOf.set(copy.id, item.key);
    else unstored.push(item);
  }
  return { keyOf, unstored };
}

/** The outbox a conversation starts with: what the previous one carried over. */
export function carriedItems(carry: Carry, nextKey: () => string): OutboxItem[] {
  const item = (text: string, status: OutboxItem['status']): OutboxItem => ({
    key: nextKey(),
    text,
    status,
    messageId: null,
    after: 0,
  });
  return [...carry.notSent.map((text) => item(text, 'failed')), ...carry.send.map((t) => item(t, 'sending'))];
}
