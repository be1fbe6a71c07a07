/**
 * Test helpers for a ChatSession: waiting for a state, a network the test switches off and on, and
 * tab storage in memory. No DOM: a session runs anywhere.
 */
import { storageOrMemory, type KeyValueStore } from '@chat/core';
import type { ChatSession, NetworkStatus } from '../chat-session-api.js';
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

/** A connection the test takes away and gives back, as the browser's online/offline events do. */
export function switchableNetwork(): NetworkStatus & {
  goOffline(): void;
  goOnline(): void;
  /** How many calls wait for the connection to return. */
  waiters(): number;
} {
  let online = true;
  let waiting: Array<() => void> = [];
  return {
    isOnline: () => online,
    whenOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    goOffline() {
      online = false;
    },
    waiters: () => waiting.length,
    goOnline() {
      online = true;
      const resolve = waiting;
      waiting = [];
      for (const r of resolve) r();
    },
  };
}
