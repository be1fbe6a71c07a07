export {
  createChatSession,
  REPLY_MESSAGE_GRACE_MS,
  type ChatSession,
  type ChatSessionOptions,
  type ConnectionHints,
  type SessionTexts,
} from './chat-session.js';
export type { ChatSessionState, ConversationStatus, ListedMessage, SessionAlert } from './session-view.js';
export type { SessionError } from './session-errors.js';
export type { Delivery, OutboxItem } from './outbox.js';
export type { ShownInterrupt } from './session-view.js';
export { INTERRUPT_SMART_REPLIES } from './session-state.js';
export { createServerClock, type ServerClock } from './server-clock.js';
export { sendBody, resumeBody, phoneSignInInterruptIn, visitorTimeZone } from './chat-bodies.js';

export { RECONNECT_DELAYS_MS } from './connection.js';
export { CONVERSATION_ID_KEY } from './conversation-memory.js';
