import type { Conversation } from '../model/conversation.js';

/** How long a conversation stays usable after it is created (§9). */
export const CONVERSATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** expiredAt for a conversation created at `createdAtMs` (epoch ms, so UTC by construction). */
export function expiryFor(createdAtMs: number): number {
  return createdAtMs + CONVERSATION_LIFETIME_MS;
}

/** §4: a conversation is expired when its expiredAt is missing or in the past. */
export function isConversationExpired(conversation: Pick<Conversation, 'expiredAt'>, nowMs: number): boolean {
  const { expiredAt } = conversation;
  if (expiredAt === null || expiredAt === undefined || !Number.isFinite(expiredAt)) return true;
  return expiredAt <= nowMs;
}

export type ConversationValidity =
  { valid: true } | { valid: false; reason: 'missing' | 'other-business' | 'expired' };

/** §4 step 4: the conversation must exist, belong to this business and not be expired. */
export function validateConversation(
  conversation: Pick<Conversation, 'businessId' | 'expiredAt'> | null | undefined,
  businessId: string,
  nowMs: number,
): ConversationValidity {
  if (!conversation) return { valid: false, reason: 'missing' };
  if (conversation.businessId !== businessId) return { valid: false, reason: 'other-business' };
  if (isConversationExpired(conversation, nowMs)) return { valid: false, reason: 'expired' };
  return { valid: true };
}
