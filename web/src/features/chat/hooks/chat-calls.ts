/**
 * The services as the chat page calls them: every write and chat-service call has a deadline
 * (core's call-deadlines.ts), so a hung server ends in the §8 text that fits rather than silence, and
 * every record the server stamps on the page's behalf (a new conversation, a saved message) teaches
 * the server clock (server-clock.ts), by which the page judges expiry. Reads and the live stream are
 * passed through: reads have their own retries, and the stream says when it is reconnecting.
 */
import { withDeadline, type ChatService, type DataProvider } from '@chat/core';
import type { AppServices } from '../../../lib/services/services-context.js';
import { observing, type ServerClock } from './server-clock.js';

export function chatCallServices(services: AppServices, clock: ServerClock): AppServices {
  const { data, chat, config } = services;
  const write = <T>(task: Promise<T>, what: string) => withDeadline(task, config.writeTimeoutMs, what);
  const ask = <T>(task: Promise<T>) => withDeadline(task, config.chatTimeoutMs, 'The chat service');

  const timedData: DataProvider = {
    getBusinessById: (id) => data.getBusinessById(id),
    getBusinessByHandle: (handle) => data.getBusinessByHandle(handle),
    getConversation: (id) => data.getConversation(id),
    createConversation: (input) =>
      observing(clock, () => write(data.createConversation(input), 'Creating the conversation')),
    addMessage: (conversationId, message) =>
      observing(clock, () => write(data.addMessage(conversationId, message), 'Saving the message')),
    updateLastMessage: (conversationId, lastMessage) =>
      write(data.updateLastMessage(conversationId, lastMessage), 'Updating the last message'),
    addFeedItem: (businessId, item) => write(data.addFeedItem(businessId, item), 'Adding the feed item'),
    markSignupFeedPosted: (conversationId) =>
      write(data.markSignupFeedPosted(conversationId), 'Marking the signup feed posted'),
    subscribeToMessages: (conversationId, observer) => data.subscribeToMessages(conversationId, observer),
  };
  const timedChat: ChatService = {
    send: (body, options) => ask(chat.send(body, options)),
    resume: (body, options) => ask(chat.resume(body, options)),
  };
  return { ...services, data: timedData, chat: timedChat };
}
