/**
 * The conversation's lastMessage (§3) as every backend writes it with a visitor's message, in the same
 * atomic write (DataProvider.addMessage): one place that says which fields it takes from the message.
 */
import type { LastMessage } from '../model/conversation.js';
import type { Message } from '../model/message.js';

export function lastMessageOf(message: Pick<Message, 'id' | 'role' | 'text' | 'createdAt'>): LastMessage {
  return { text: message.text, sender: message.role, sentAt: message.createdAt, messageId: message.id };
}
