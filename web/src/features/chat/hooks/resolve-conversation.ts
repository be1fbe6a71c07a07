/**
 * §4 "Conversation resolution", steps 1–5, as plain async functions over the services so the hook
 * that uses them stays about React state and navigation only.
 */
import {
  DEFAULT_CONTEXT_TYPE,
  DocumentIdSchema,
  isOutsideBusinessHours,
  validateConversation,
  type AuthProvider,
  type Business,
  type Conversation,
  type DataProvider,
} from '@chat/core';
import { readStoredConversationId, storeConversationId } from '../../../lib/conversation-session.js';
import type { KeyValueStore } from '../../../lib/services/services-context.js';

export interface ResolveDeps {
  data: DataProvider;
  auth: AuthProvider;
  session: KeyValueStore;
  now?: () => number;
}

export type Resolution =
  /** Step 2: the URL had no id and the session had one; the page goes there. */
  | { kind: 'redirect'; conversationId: string }
  /** The conversation to show; `created` when it was made just now (steps 3 and 5). */
  | { kind: 'ready'; conversation: Conversation; created: boolean }
  | { kind: 'failed'; error: unknown };

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

async function readConversation(data: DataProvider, conversationId: string): Promise<Conversation | null> {
  if (!DocumentIdSchema.safeParse(conversationId).success) return null;
  try {
    return await data.getConversation(conversationId);
  } catch (error) {
    // An unreadable conversation cannot be continued; step 5 replaces it with a new one.
    console.error('Reading the conversation failed; a new one will be created', error);
    return null;
  }
}

export async function resolveConversation(
  business: Business,
  urlConversationId: string | undefined,
  deps: ResolveDeps,
): Promise<Resolution> {
  const now = deps.now ?? Date.now;
  if (!urlConversationId) {
    const stored = readStoredConversationId(deps.session);
    if (stored) return { kind: 'redirect', conversationId: stored };
  } else {
    const existing = await readConversation(deps.data, urlConversationId);
    if (validateConversation(existing, business.id, now()).valid && existing) {
      storeConversationId(deps.session, existing.id);
      return { kind: 'ready', conversation: existing, created: false };
    }
  }
  try {
    return { kind: 'ready', conversation: await createConversationFor(business, deps), created: true };
  } catch (error) {
    return { kind: 'failed', error };
  }
}
