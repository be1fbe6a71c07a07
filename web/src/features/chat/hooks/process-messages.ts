import { MessageSchema, visibleText, type Message } from '@chat/core';

/**
 * Turns a snapshot from the live subscription into what the page shows: every message checked
 * against the schema, ordered by createdAt (stable for equal times), and those without visible text
 * left out (§3: messages with empty text are hidden; a text that is only the booking-update marker
 * has nothing to show either). Throws when the snapshot cannot be read, which the page reports as
 * 'Failed to process chat messages'.
 */
export function processMessages(snapshot: unknown): Message[] {
  if (!Array.isArray(snapshot)) throw new TypeError('A messages snapshot must be a list');
  const messages = snapshot.map((item, index) => {
    const parsed = MessageSchema.safeParse(item);
    if (!parsed.success) throw new TypeError(`Message ${index} is malformed: ${parsed.error.message}`);
    return parsed.data;
  });
  return messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => a.message.createdAt - b.message.createdAt || a.index - b.index)
    .map(({ message }) => message)
    .filter((message) => visibleText(message.text).trim() !== '');
}
