/**
 * The browser-tab memory of the current conversation (§3, §7 "Browser storage"): one session-storage
 * key holds its id. Storage that refuses access (some privacy modes throw on every call) behaves as
 * empty, so the page still works; it just starts a new conversation on reload.
 */
import type { KeyValueStore } from './services/services-context.js';

export const CONVERSATION_ID_KEY = 'chat.conversationId';

export function readStoredConversationId(store: KeyValueStore): string | null {
  try {
    const value = store.getItem(CONVERSATION_ID_KEY);
    return value && value.trim() ? value : null;
  } catch {
    return null;
  }
}

export function storeConversationId(store: KeyValueStore, conversationId: string): void {
  try {
    store.setItem(CONVERSATION_ID_KEY, conversationId);
  } catch {
    // Nothing to do: without storage the id lives only in the URL.
  }
}
