export {
  createChatSession,
  type ChatSession,
  type ChatSessionOptions,
  type ConnectionHints,
  type SessionTexts,
} from './chat-session.js';
export type { ChatSessionState, ConversationStatus, ListedMessage, SessionAlert } from './session-view.js';
export type { SessionError } from './session-errors.js';
export type { Delivery, OutboxItem } from './outbox.js';
export type { ShownInterrupt } from './session-view.js';
export type { ServerClock } from './server-clock.js';
export { sendBody, resumeBody } from './chat-bodies.js';

export { CONVERSATION_ID_KEY } from './conversation-memory.js';
