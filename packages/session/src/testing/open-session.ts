/**
 * A chat session opened over the in-memory backend (checked by the contract suites like every
 * backend) for the session's tests: loaded, with every data-provider call it makes counted.
 */
import type { DataProvider } from '@chat/core';
import { createInMemoryBackend, testBusinesses, type InMemoryBackend } from '@chat/contract/in-memory';
import { createChatSession } from '../chat-session.js';
import type { ChatSessionOptions } from '../chat-session-api.js';
import { memoryStorage, until } from './session-harness.js';

export const business = testBusinesses.find((b) => b.id === 'bella-vista-salon')!;

const sessions: Array<{ stop(): void }> = [];

/** Stops every session opened so far (a test file's afterEach). */
export function stopSessions(): void {
  for (const session of sessions.splice(0)) session.stop();
}

/** Every call the session makes to the data provider, by operation. */
export function countingData(data: DataProvider) {
  const calls: string[] = [];
  const counted = new Proxy(data, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { data: counted, calls };
}

export async function openSession(options: Partial<ChatSessionOptions> & { backend?: InMemoryBackend } = {}) {
  const backend = options.backend ?? createInMemoryBackend();
  const { data, calls } = countingData(backend.data);
  const session = createChatSession({
    data,
    auth: backend.auth,
    chat: backend.chat,
    business,
    storage: memoryStorage(),
    conversationId: undefined,
    ...options,
  });
  sessions.push(session);
  session.start();
  const state = await until(session, (s) => s.loaded, 'the conversation to load');
  if (state.conversation.status !== 'ready') throw new Error('no conversation');
  return { session, backend, calls, conversationId: state.conversation.conversation.id };
}

/** The visitor's messages stored in the conversation, in order. */
export const visitorTexts = (backend: InMemoryBackend, conversationId: string) =>
  backend.data
    .messages(conversationId)
    .filter((m) => m.role === 'user')
    .map((m) => m.text);
