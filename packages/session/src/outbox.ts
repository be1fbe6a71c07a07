/**
 * The visitor's messages on their way out: shown at once (as Intercom and Chatwoot do), in the order
 * sent, before the server has saved them. Each carries the id its stored copy will have — the page
 * chooses it (message-id.ts) and the backend stores the message under it, a second write of the same
 * id being a no-op — so an item and its stored copy are matched by id alone, and a Retry can never
 * make a second copy. Pure functions; a session's room (session-state.ts RoomState) holds the items and outbox-delivery.ts sends them one at a time.
 */
import type { Message } from '@chat/core';

/** Where an item is: being saved ('sending'), saved ('sent'), or not saved and waiting for Retry ('failed'). */
export type Delivery = 'sending' | 'sent' | 'failed';

export interface OutboxItem {
  /** The id of its stored copy, chosen before the first save and kept through every retry. */
  id: string;
  text: string;
  delivery: Delivery;
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

/** The items whose stored copy is not in `stored` yet, in the order sent. */
export function unstoredItems(stored: readonly Message[], items: readonly OutboxItem[]): OutboxItem[] {
  const storedIds = new Set(stored.map((m) => m.id));
  return items.filter((item) => !storedIds.has(item.id));
}

/** The outbox a conversation starts with: what the previous one carried over, under new ids. */
export function carriedItems(carry: Carry, newId: () => string): OutboxItem[] {
  const item = (text: string, delivery: Delivery): OutboxItem => ({ id: newId(), text, delivery });
  return [...carry.notSent.map((t) => item(t, 'failed')), ...carry.send.map((t) => item(t, 'sending'))];
}

/** What `items` hand over when the page leaves their conversation (`first` ahead of the waiting ones). */
export function carryOf(items: readonly OutboxItem[], first: string | null, draft: string): Carry {
  const waiting = items.filter((i) => i.delivery === 'sending').map((i) => i.text);
  const notSent = items.filter((i) => i.delivery === 'failed').map((i) => i.text);
  return { send: first === null ? waiting : [first, ...waiting], notSent, draft };
}
