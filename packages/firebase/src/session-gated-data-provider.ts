/**
 * Holds a returning visitor's conversation reads and writes until their Firebase session is restored.
 *
 * Firestore sends whatever credentials Firebase Auth has when a request leaves. Sign-in is loaded on demand
 * (lazy-auth-provider.ts), so right after a page load a signed-in visitor's requests would go out anonymous:
 * their own conversation would read as "not allowed" and the page would start a new one. When the browser
 * had a signed-in visitor (the session hint), conversation and message calls therefore wait for the restore
 * to settle; business reads are public and never wait, and visitors without a hint never wait at all.
 */
import type { DataProvider, Unsubscribe } from '@chat/core';

export function gateOnSessionRestore(data: DataProvider, restored: () => Promise<void>): DataProvider {
  // A failed restore leaves the visitor anonymous; the calls go ahead as such.
  const settled = () => restored().catch(() => {});

  return {
    getBusinessById: (id) => data.getBusinessById(id),
    getBusinessByHandle: (handle) => data.getBusinessByHandle(handle),
    async getConversation(id) {
      await settled();
      return data.getConversation(id);
    },
    async createConversation(input) {
      await settled();
      return data.createConversation(input);
    },
    async addMessage(id, message) {
      await settled();
      return data.addMessage(id, message);
    },
    async addFeedItem(businessId, item) {
      await settled();
      return data.addFeedItem(businessId, item);
    },
    async markSignupFeedPosted(id) {
      await settled();
      return data.markSignupFeedPosted(id);
    },

    subscribeToMessages(conversationId, observer): Unsubscribe {
      let stop: Unsubscribe | null = null;
      let cancelled = false;
      void settled().then(() => {
        if (!cancelled) stop = data.subscribeToMessages(conversationId, observer);
      });
      return () => {
        cancelled = true;
        stop?.();
        stop = null;
      };
    },
  };
}
