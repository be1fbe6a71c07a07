/**
 * The browser-tab memory of the current conversation (§3, §7 "Browser storage"): one session-storage
 * key holds its id. The store never throws (the page gives storageOrMemory): where the browser refuses
 * storage (a cross-site frame, some privacy modes) the id lives in memory, so the page still works and
 * just starts a new conversation on reload.
 */
import type { KeyValueStore } from '@chat/core';

export const CONVERSATION_ID_KEY = 'chat.conversationId';

export function readStoredConversationId(store: KeyValueStore): string | null {
  const value = store.getItem(CONVERSATION_ID_KEY);
  return value && value.trim() ? value : null;
}

export function storeConversationId(store: KeyValueStore, conversationId: string): void {
  store.setItem(CONVERSATION_ID_KEY, conversationId);
}

/**
 * Whether resolving `conversationId` (the URL's; undefined: none) makes a new, empty conversation:
 * neither the URL nor the tab names one (§4 resolution, step 3) — read as the resolution reads it.
 */
export function startsNewConversation(store: KeyValueStore, conversationId: string | undefined): boolean {
  return !conversationId && readStoredConversationId(store) === null;
}
