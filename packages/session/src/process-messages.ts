import { readMessage, visibleText, type Message } from '@chat/core';

/**
 * Turns a snapshot from the live subscription into what the page shows: every message read with
 * core's liberal reader (an unknown type shows as an ordinary message, an overlong smart reply is
 * clipped), ordered by createdAt (stable for equal times), and those without visible text
 * left out (§3: messages with empty text are hidden; a text that is only the booking-update marker
 * has nothing to show either). Throws when the snapshot cannot be read, which the page reports as
 * 'Failed to process chat messages'.
 */
export function processMessages(snapshot: unknown): Message[] {
  if (!Array.isArray(snapshot)) throw new TypeError('A messages snapshot must be a list');
  const messages = snapshot.map((item, index) => {
    const read = readMessage(item);
    if (!read.ok) throw new TypeError(`Message ${index} is malformed: ${read.problem}`);
    return read.value;
  });
  return messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => a.message.createdAt - b.message.createdAt || a.index - b.index)
    .map(({ message }) => message)
    .filter((message) => visibleText(message.text).trim() !== '');
}
