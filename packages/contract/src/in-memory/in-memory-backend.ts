/**
 * A complete Backend in memory — data with live subscriptions, phone auth, and a scripted chat
 * service — so the chat page can be rendered in component tests without a server or module mocks.
 * See the headers of in-memory-data.ts, in-memory-auth.ts and scripted-chat.ts for their limits.
 */
import type { Backend, Business } from '@chat/core';
import { testBusinesses } from './business-fixtures.js';
import { createInMemoryAuth, type InMemoryAuth, type InMemoryAuthOptions } from './in-memory-auth.js';
import { createInMemoryData, type InMemoryData } from './in-memory-data.js';
import { createScriptedChat, type ScriptedChat } from './scripted-chat.js';

export interface InMemoryBackend extends Backend {
  data: InMemoryData;
  auth: InMemoryAuth;
  chat: ScriptedChat;
}

export interface InMemoryBackendOptions {
  /** Default: the businesses of business-fixtures.ts. */
  businesses?: Business[];
  auth?: InMemoryAuthOptions;
  /** The backend's clock, for createdAt and expiry (the server's clock); default Date.now. */
  now?: () => number;
  /** How long the scripted chat waits for a message still being saved (decision 0025); default 10 s. */
  savedMessageWaitMs?: number;
}

export function createInMemoryBackend(options: InMemoryBackendOptions = {}): InMemoryBackend {
  const auth = createInMemoryAuth(options.auth);
  const data = createInMemoryData({
    businesses: options.businesses ?? testBusinesses,
    now: options.now,
    currentUser: () => auth.currentUser(),
  });
  const chat = createScriptedChat(data, options.now, options.savedMessageWaitMs);
  return { data, auth, chat, close: () => undefined };
}
