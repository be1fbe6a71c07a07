/**
 * The message list as the page shows it: the stored messages (chat-state.ts displayedMessages), then
 * the visitor's messages still on their way (outbox.ts) — each message once, under a key that stays
 * the same when its stored copy arrives, so its bubble is not replaced (and not announced twice).
 */
import type { Message } from '@chat/core';
import { displayedMessages, type ShownInterrupt } from './chat-state.js';
import { placeOutbox, type OutboxItem } from './outbox.js';

export interface ListedMessage extends Message {
  key: string;
  /**
   * Set on a message of the outbox whose stored copy has not arrived: being saved ('sending'), saved
   * ('sent'), or not saved and waiting to be retried ('failed').
   */
  delivery?: 'sending' | 'sent' | 'failed';
}

const DELIVERY: Record<OutboxItem['status'], NonNullable<ListedMessage['delivery']>> = {
  sending: 'sending',
  saved: 'sent',
  failed: 'failed',
};

export function listedMessages(
  stored: Message[],
  interrupt: ShownInterrupt | null,
  outbox: readonly OutboxItem[],
): ListedMessage[] {
  const { keyOf, unstored } = placeOutbox(stored, outbox);
  const shown = displayedMessages(stored, interrupt).map((message) => ({
    ...message,
    key: keyOf.get(message.id) ?? message.id,
  }));
  const last = shown.at(-1)?.createdAt ?? 0;
  const waiting = unstored.map((item): ListedMessage => ({
    id: item.key,
    key: item.key,
    role: 'user',
    text: item.text,
    // Not stored yet, so not stamped by the server: after everything that is.
    createdAt: last,
    delivery: DELIVERY[item.status],
  }));
  return [...shown, ...waiting];
}
