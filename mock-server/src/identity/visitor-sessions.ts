/**
 * Which signed-in sessions (sign-ins, see id-tokens.ts) have spoken in each conversation: the data
 * the demo console reads to tell that a visitor verified their phone (issue 28: verification is data,
 * never the text of the notice the page saves, which is in the visitor's language), and what its
 * "Sign the visitor out" control signs out.
 *
 * A session is recorded when a call about the conversation carries a valid ID token: creating it
 * signed in, saving a message (the page saves its verified notice with the new token), a chat call
 * (the PHONE_SIGN_IN resume). The visitor counts as verified while one of them is still signed in.
 *
 * Limits: in memory, like the scenario bindings: after a restart the console learns that a visitor
 * is signed in at their next call. A few session ids per conversation, forgotten at a reset.
 */
import type { Identity } from './index.js';

export interface VisitorSessions {
  /** Records the session of `idToken` (already accepted for this call) in `conversationId`. */
  saw(conversationId: string, idToken: string): Promise<void>;
  /** Whether a signed-in visitor (still signed in) has spoken in the conversation. */
  verified(conversationId: string): boolean;
  /** Signs out every session seen in the conversation; answers how many were signed in. */
  signOut(conversationId: string): number;
  /** Forgets every conversation (a reset removed them). */
  reset(): void;
}

export function createVisitorSessions(identity: Identity): VisitorSessions {
  const byConversation = new Map<string, Set<string>>();
  return {
    async saw(conversationId, idToken) {
      const sid = await identity.sessionOf(idToken).catch(() => null);
      if (sid === null) return;
      const sessions = byConversation.get(conversationId) ?? new Set<string>();
      sessions.add(sid);
      byConversation.set(conversationId, sessions);
    },
    verified(conversationId) {
      return [...(byConversation.get(conversationId) ?? [])].some((sid) => identity.isSignedIn(sid));
    },
    signOut(conversationId) {
      return identity.signOutSessions(byConversation.get(conversationId) ?? []);
    },
    reset() {
      byConversation.clear();
    },
  };
}
