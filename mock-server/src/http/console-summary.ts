/**
 * What the demo console shows of a conversation besides its stored fields, worked out here so the
 * console (plain browser JavaScript) does not have to: the business's name and time zone (times are
 * shown in the business's), the visitor's first message, whether the visitor verified their phone
 * (the console must not ask a verified visitor again without saying so; read from the signed-in
 * sessions that spoke in it, never from the text of the notice the page saves in the visitor's
 * language — issue 28), and whether the server's
 * clock has passed the conversation's expiry (the page then starts a new one).
 */
import type { Conversation } from '@chat/core';
import type { DocumentStore } from '../store/memory-store.js';

export interface ConsoleSummary {
  businessName: string | null;
  /** The business's time zone (its primary location's, else its own), null when it gives none. */
  timeZone: string | null;
  firstVisitorMessage: { text: string; createdAt: number } | null;
  visitorVerified: boolean;
  expired: boolean;
}

export function consoleSummary(
  store: DocumentStore,
  conversation: Conversation,
  nowMs: number,
  /** Whether a visitor still signed in spoke in the conversation (identity/visitor-sessions.ts). */
  visitorVerified: (conversationId: string) => boolean,
): ConsoleSummary {
  const business = store.getBusiness(conversation.businessId);
  const messages = store.messages(conversation.id);
  const first = messages.find((message) => message.role === 'user');
  const primary = business?.locations?.find((location) => location.isPrimary) ?? business?.locations?.[0];
  return {
    businessName: business?.businessName ?? null,
    timeZone: primary?.hours?.timeZone ?? business?.hours?.timeZone ?? null,
    firstVisitorMessage: first ? { text: first.text, createdAt: first.createdAt } : null,
    visitorVerified: visitorVerified(conversation.id),
    expired: conversation.expiredAt === null || conversation.expiredAt <= nowMs,
  };
}

/** What the visitor (live on the page) and the console read in a conversation a clock move expired. */
export const EXPIRED_BY_CLOCK_NOTICE =
  'This conversation has expired: the demo clock moved past its 24 hours. Your next message starts a new conversation.';

/** The ids of the conversations not expired at `nowMs`. */
export function liveConversationIds(store: DocumentStore, nowMs: number): string[] {
  return store
    .listConversations()
    .filter(({ conversation }) => conversation.expiredAt !== null && conversation.expiredAt > nowMs)
    .map(({ conversation }) => conversation.id);
}

/**
 * After a clock move: writes EXPIRED_BY_CLOCK_NOTICE into each of `wereLive` that has expired by
 * `nowMs`, so neither the visitor nor the staffer sees a history vanish without a word. Answers how many.
 */
export function noticeExpiredByClock(
  store: DocumentStore,
  wereLive: readonly string[],
  nowMs: number,
): number {
  const stillLive = new Set(liveConversationIds(store, nowMs));
  const expired = wereLive.filter((id) => !stillLive.has(id) && store.getConversation(id));
  for (const id of expired)
    store.addMessage(id, { role: 'system', type: 'system', text: EXPIRED_BY_CLOCK_NOTICE });
  return expired.length;
}
