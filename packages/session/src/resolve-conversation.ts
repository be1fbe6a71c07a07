/**
 * §4 "Conversation resolution", steps 1–5, as plain async functions over the services
 * (conversation-moves.ts runs them; the page only follows the id it settles on in its URL).
 *
 * A business that is not approved blocks chatting for everyone (§1, §6): for it, resolution creates
 * nothing and follows no tab's id — there is nothing to chat in, and firestore.rules refuse such a
 * conversation. A valid conversation the URL names is still shown (read-only: the page cannot send).
 * See docs/decisions/0024-no-conversation-for-unapproved-business.md.
 */
import {
  DEFAULT_CONTEXT_TYPE,
  isChatEnabled,
  isDocumentId,
  isOutsideBusinessHours,
  isTransientError,
  validateConversation,
  withReadRetries,
  type AuthProvider,
  type Business,
  type Conversation,
  type DataProvider,
  type KeyValueStore,
} from '@chat/core';
import { readStoredConversationId, storeConversationId } from './conversation-memory.js';

export interface ResolveDeps {
  data: DataProvider;
  auth: AuthProvider;
  session: KeyValueStore;
  /** The server's time (server-clock.ts), by which expiry and the outside-hours flag are judged. */
  now?: () => number;
  /** Pauses between attempts of a conversation read that failed in passing (READ_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
}

export type Resolution =
  /** Step 2: the URL had no id and the session had one; the page goes there. */
  | { kind: 'redirect'; conversationId: string }
  /** The conversation to show; `created` when it was made just now (steps 3 and 5). */
  | { kind: 'ready'; conversation: Conversation; created: boolean }
  | { kind: 'failed'; error: unknown }
  /**
   * The business cannot be chatted with and the URL names no valid conversation of it: none is made
   * (§6). `strayConversationId` is the URL's id that was not valid, for the page to drop from its URL.
   */
  | { kind: 'closed'; strayConversationId?: string }
  /**
   * The conversation could not be read, even after retries (the network or the server): the
   * visitor's thread is kept (URL and session id unchanged) rather than replaced by a new one.
   */
  | { kind: 'unreadable'; error: unknown };

/**
 * Creates a conversation for the visitor as they are now (anonymous or signed in), with the
 * outside-business-hours flag evaluated at this moment (§9), and remembers it for the tab.
 */
export async function createConversationFor(business: Business, deps: ResolveDeps): Promise<Conversation> {
  const now = deps.now ?? Date.now;
  const user = deps.auth.currentUser();
  const conversation = await deps.data.createConversation({
    businessId: business.id,
    userId: user ? user.uid : null,
    userType: user ? 'enduser' : 'anonymous',
    contextType: DEFAULT_CONTEXT_TYPE,
    isOutsideBusinessHours: isOutsideBusinessHours(business, now()),
  });
  storeConversationId(deps.session, conversation.id);
  return conversation;
}

/**
 * Step 4's read. Null when the conversation does not exist or may not be read (refused, or an id
 * that cannot be one): step 5 then creates a new one. A passing failure is retried, then thrown.
 */
async function readConversation(deps: ResolveDeps, conversationId: string): Promise<Conversation | null> {
  if (!isDocumentId(conversationId)) return null;
  try {
    return await withReadRetries(() => deps.data.getConversation(conversationId), deps.retryDelaysMs);
  } catch (error) {
    if (isTransientError(error)) throw error;
    console.error('The conversation may not be read; a new one will be created', error);
    return null;
  }
}

export async function resolveConversation(
  business: Business,
  urlConversationId: string | undefined,
  deps: ResolveDeps,
): Promise<Resolution> {
  const now = deps.now ?? Date.now;
  const chatEnabled = isChatEnabled(business);
  if (!urlConversationId) {
    // The tab's conversation is for chatting: with a business that cannot be chatted with there is
    // none to go to, and the tab keeps the id it has for the business it came from.
    if (!chatEnabled) return { kind: 'closed' };
    const stored = readStoredConversationId(deps.session);
    if (stored) return { kind: 'redirect', conversationId: stored };
  } else {
    let existing: Conversation | null;
    try {
      existing = await readConversation(deps, urlConversationId);
    } catch (error) {
      return { kind: 'unreadable', error };
    }
    if (validateConversation(existing, business.id, now()).valid && existing) {
      if (chatEnabled) storeConversationId(deps.session, existing.id);
      return { kind: 'ready', conversation: existing, created: false };
    }
    if (!chatEnabled) return { kind: 'closed', strayConversationId: urlConversationId };
  }
  try {
    return { kind: 'ready', conversation: await createConversationFor(business, deps), created: true };
  } catch (error) {
    return { kind: 'failed', error };
  }
}
