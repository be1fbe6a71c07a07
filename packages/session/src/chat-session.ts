/**
 * A visitor's chat with one business: the single owner of the conversation shown, its stored
 * messages, the outbox, the pending interrupt, the reply being waited for, the smart replies, the
 * server's clock and the move to a new conversation. Framework-free — `getState()`, `subscribe()` and
 * commands, as TanStack Query's core — so the page (one useSyncExternalStore hook), `demo check` and
 * the benchmark's visitors all speak the protocol through this one object. It talks only to the
 * DataProvider, the AuthProvider and the ChatService.
 *
 * This file is the facade: it makes what the parts share (session-core.ts) and maps each command to
 * its part — conversation-moves.ts, live-stream.ts, outbox-delivery.ts, assistant-answers.ts,
 * interrupt-commands.ts.
 *
 * Limits: one conversation at a time; timers (the typing grace period) use the runtime's setTimeout.
 */
import { tryAgain } from './assistant-answers.js';
import type { ChatSession, ChatSessionOptions } from './chat-session-api.js';
import { moveTo, openConversation } from './conversation-moves.js';
import { conversationReducer } from './conversation-state.js';
import { answerInterrupt, cancelInterrupt, declineInterrupt } from './interrupt-commands.js';
import { listen } from './live-stream.js';
import { retryItem, sendText } from './outbox-delivery.js';
import { closeRoom } from './room.js';
import { changed, createSessionCore, scheduleOverdue } from './session-core.js';

export { REPLY_MESSAGE_GRACE_MS } from './session-core.js';
export type {
  ChatSession,
  ChatSessionOptions,
  ConnectionHints,
  SessionTexts,
  Unsubscribe,
} from './chat-session-api.js';

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const s = createSessionCore(options, (r) => listen(s, r));

  const session: ChatSession = {
    getState: () => s.state,
    subscribe(listener) {
      s.listeners.add(listener);
      return () => {
        s.listeners.delete(listener);
      };
    },
    start() {
      s.started = true;
      if (s.room) {
        listen(s, s.room);
        scheduleOverdue(s, s.room);
      }
    },
    stop() {
      s.started = false;
      if (s.room) closeRoom(s.room);
    },
    open: (conversationId) => openConversation(s, conversationId),
    async send(text) {
      return s.room ? sendText(s, s.room, text) : false;
    },
    async retry(messageId) {
      return s.room ? retryItem(s, s.room, messageId) : false;
    },
    async tryAgain() {
      if (s.room) await tryAgain(s, s.room);
    },
    async chooseSmartReply(reply) {
      const r = s.room;
      if (!r) return;
      // While the interrupt is pending the replies offered are its ('decline'): choosing one answers
      // it — recognised by when it is chosen, never by its words, so it works in any language.
      if (s.state.interrupt) return declineInterrupt(s, reply);
      await sendText(s, r, reply.text);
    },
    answerInterrupt: (user) => answerInterrupt(s, user),
    declineInterrupt: (reply) => declineInterrupt(s, reply),
    cancelInterrupt: () => cancelInterrupt(s),
    startNewConversation: () => moveTo(s, null),
    setDraft(text) {
      s.draft = text;
    },
    carriedDraft: () => s.room?.carried?.draft ?? '',
    dismissAlert(source) {
      if (source === 'new-chat') s.newChatFailed = false;
      else if (source === 'messages' && s.room) s.room.streamError = null;
      else if (s.room)
        s.room.conversationState = conversationReducer(s.room.conversationState, { type: 'dismiss-alert' });
      changed(s);
    },
  };
  return session;
}
