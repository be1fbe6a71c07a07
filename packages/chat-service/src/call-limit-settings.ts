/**
 * Every limit the chat service holds a visitor and a business to, with its default, in one place
 * (config.ts reads the environment variables named here; the README's "Limits" table lists them).
 * All of them are shared by every instance (kept in Firestore), except the per-instance flood guard.
 */
import { CONVERSATION_LIFETIME_MS } from '@chat/core';
import { LIMITS } from '@chat/llm-assistant/settings';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CallLimitSettings {
  /** Chat calls (messages and resumes) per visitor — the verified uid, else the client address — per window. */
  visitorCalls: number;
  visitorWindowMs: number;
  /** Chat calls (messages and resumes: every turn that may call the model) per conversation per window. */
  conversationCalls: number;
  conversationWindowMs: number;
  /** The language model's calls per business per UTC day (the rules assistant answers past it). */
  businessModelCallsPerDay: number;
  /** The language model's output tokens per business per UTC day (the rules assistant answers past it). */
  businessOutputTokensPerDay: number;
  /** Documents a business's daily budget is spread over (each takes about one write a second). */
  budgetShards: number;
}

export const DEFAULT_CALL_LIMITS: CallLimitSettings = {
  visitorCalls: 50,
  visitorWindowMs: DAY_MS,
  conversationCalls: 40,
  conversationWindowMs: CONVERSATION_LIFETIME_MS,
  businessModelCallsPerDay: LIMITS.maxModelCallsPerBusinessPerDay,
  businessOutputTokensPerDay: 600_000,
  budgetShards: 8,
};
