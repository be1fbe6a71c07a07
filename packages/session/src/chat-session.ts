/**
 * A visitor's chat with one business: the single owner of the conversation shown, its stored
 * messages, the outbox, the pending interrupt, the reply being waited for, the smart replies, the
 * server's clock and the move to a new conversation. Framework-free — `getState()`, `subscribe()` and
 * commands, as TanStack Query's core — so the page (one useSyncExternalStore hook), `demo check` and
 * the benchmark's visitors all speak the protocol through this one object. It talks only to the
 * DataProvider, the AuthProvider and the ChatService.
 *
 * This file is the facade: it makes the machine (session-machine.ts: the one state, changed only by
 * dispatching events through session-state.ts's reducer, and the effect runner that starts and stops
 * the stream and the timers) and maps each command to its part — conversation-moves.ts,
 * outbox-delivery.ts, assistant-answers.ts, interrupt-commands.ts. Decision 0034.
 *
 * Limits: one conversation shown at a time; timers (the typing grace period, a stalled reply) use the
 * runtime's setTimeout.
 */
import { tryAgain } from './assistant-answers.js';
import type { ChatSession, ChatSessionOptions } from './chat-session-api.js';
import { moveTo, openConversation } from './conversation-moves.js';
import { createEffectRunner } from './effect-runner.js';
import { answerInterrupt, cancelInterrupt, declineInterrupt } from './interrupt-commands.js';
import { retryItem, sendText } from './outbox-delivery.js';
import { createSessionMachine } from './session-machine.js';

export type {
  ChatSession,
  ChatSessionOptions,
  ConnectionHints,
  SessionTexts,
  Unsubscribe,
} from './chat-session-api.js';

export function createChatSession(options: ChatSessionOptions): ChatSession {
  const m = createSessionMachine(options, createEffectRunner);
  /** The room shown, when there is one. */
  const shown = () => m.state.shown;

  const session: ChatSession = {
    getState: () => m.toldView(),
    subscribe: (listener) => m.subscribe(listener),
    onNavigate: (listener) => m.onNavigate(listener),
    start: () => m.dispatch({ type: 'started' }),
    stop: () => m.dispatch({ type: 'stopped' }),
    open: (conversationId) => openConversation(m, conversationId),
    async send(text) {
      const room = shown();
      return room === null ? false : sendText(m, room, text);
    },
    async retry(messageId) {
      const room = shown();
      return room === null ? false : retryItem(m, room, messageId);
    },
    async tryAgain() {
      const room = shown();
      if (room !== null) await tryAgain(m, room);
    },
    async chooseSmartReply(reply) {
      const room = shown();
      if (room === null) return;
      // While the interrupt is pending the replies offered are its ('decline'): choosing one answers
      // it — recognised by when it is chosen, never by its words, so it works in any language.
      if (m.view().interrupt) return declineInterrupt(m, reply);
      await sendText(m, room, reply.text);
    },
    answerInterrupt: (user) => answerInterrupt(m, user),
    declineInterrupt: (reply) => declineInterrupt(m, reply),
    cancelInterrupt: () => cancelInterrupt(m),
    startNewConversation: () => moveTo(m, null),
    getDraft: () => m.state.draft,
    setDraft: (text) => m.dispatch({ type: 'draft-changed', text }),
    dismissAlert: (source) => m.dispatch({ type: 'alert-dismissed', source }),
  };
  return session;
}
