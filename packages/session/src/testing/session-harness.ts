/**
 * Test helpers for a ChatSession: waiting for a state, a network the test switches off and on, and
 * tab storage in memory. No DOM: a session runs anywhere.
 */
import {
  ProviderError,
  storageOrMemory,
  type ChatService,
  type DataProvider,
  type KeyValueStore,
} from '@chat/core';
import type { ChatSession, ConnectionHints } from '../chat-session-api.js';
import type { ChatSessionState } from '../session-view.js';

/** Resolves with the first state for which `holds` is true (now or after a change); rejects after `ms`. */
export function until(
  session: ChatSession,
  holds: (state: ChatSessionState) => boolean,
  what = 'the session to reach the expected state',
  ms = 5_000,
): Promise<ChatSessionState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = session.getState();
      if (!holds(state)) return false;
      clearTimeout(timer);
      stop();
      resolve(state);
      return true;
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timed out waiting for ${what}: ${JSON.stringify(session.getState().messages)}`));
    }, ms);
    const stop = session.subscribe(() => void check());
    check();
  });
}

/** How many complete assistant replies the session holds (not its sign-in prompts, not one still streaming). */
export function completeReplies(session: ChatSession): number {
  return session.getState().stored.filter((m) => m.role === 'model' && m.type !== 'auth' && !m.streaming)
    .length;
}

/** Tab storage in memory. */
export const memoryStorage = (): KeyValueStore => storageOrMemory(() => null);

/**
 * A network the test takes away and gives back, under a backend's data provider and chat service:
 * while it is away, every save and chat call fails with no answer at all (ProviderError.unreachable),
 * as a browser's requests do offline; giving it back fires the runtime's hint (the `online` event).
 */
export function cuttableNetwork(services: { data: DataProvider; chat: ChatService }) {
  let cut = false;
  let attempts = 0;
  const listeners = new Set<() => void>();
  const unreachable = () => {
    attempts += 1;
    return Promise.reject(
      new ProviderError('unavailable', 'Failed to fetch', undefined, { unreachable: true }),
    );
  };
  const data: DataProvider = {
    ...services.data,
    addMessage: (id, message) => (cut ? unreachable() : services.data.addMessage(id, message)),
    getConversation: (id) => services.data.getConversation(id),
    subscribeToMessages: (id, observer) => services.data.subscribeToMessages(id, observer),
  };
  const chat: ChatService = {
    send: (body, options) => (cut ? unreachable() : services.chat.send(body, options)),
    resume: (body, options) => (cut ? unreachable() : services.chat.resume(body, options)),
  };
  const connectionHints: ConnectionHints = {
    onMaybeBack(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    data,
    chat,
    connectionHints,
    /** Requests refused since the start. */
    attempts: () => attempts,
    goOffline() {
      cut = true;
    },
    goOnline() {
      cut = false;
      for (const listener of [...listeners]) listener();
    },
  };
}
