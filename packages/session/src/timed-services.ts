/**
 * The services as a chat session calls them: every write and chat-service call has a deadline
 * (core's call-deadlines.ts), so a hung server ends in the §8 text that fits rather than silence, and
 * every record the server stamps on the session's behalf (a new conversation, a saved message) teaches
 * the server clock (server-clock.ts), by which expiry is judged. Reads and the live stream are passed
 * through: reads have their own retries, and the stream says when it is reconnecting.
 */
import { withDeadline, type ChatService, type DataProvider } from '@chat/core';
import { observing, type ServerClock } from './server-clock.js';

export interface CallDeadlines {
  /** How long a write may take before it is reported failed (WRITE_TIMEOUT_MS). */
  writeTimeoutMs: number;
  /** How long a chat-service call may take before it is reported failed (CHAT_TIMEOUT_MS). */
  chatTimeoutMs: number;
}

export function timedServices(
  services: { data: DataProvider; chat: ChatService },
  clock: ServerClock,
  deadlines: CallDeadlines,
): { data: DataProvider; chat: ChatService } {
  const { data, chat } = services;
  const write = <T>(task: Promise<T>, what: string) => withDeadline(task, deadlines.writeTimeoutMs, what);
  const ask = <T>(task: Promise<T>) => withDeadline(task, deadlines.chatTimeoutMs, 'The chat service');
  return {
    data: {
      getBusinessById: (id) => data.getBusinessById(id),
      getBusinessByHandle: (handle) => data.getBusinessByHandle(handle),
      getConversation: (id) => data.getConversation(id),
      createConversation: (input) =>
        observing(clock, () => write(data.createConversation(input), 'Creating the conversation')),
      addMessage: (conversationId, message) =>
        observing(clock, () => write(data.addMessage(conversationId, message), 'Saving the message')),
      addFeedItem: (businessId, item) => write(data.addFeedItem(businessId, item), 'Adding the feed item'),
      markSignupFeedPosted: (conversationId) =>
        write(data.markSignupFeedPosted(conversationId), 'Marking the signup feed posted'),
      subscribeToMessages: (conversationId, observer) => data.subscribeToMessages(conversationId, observer),
    },
    chat: {
      send: (body, options) => ask(chat.send(body, options)),
      resume: (body, options) => ask(chat.resume(body, options)),
    },
  };
}
