/**
 * POST /api/chat's body and the checks before an assistant may answer it, the same on both chat
 * servers (the mock server and packages/chat-service), in this order:
 *   body (400 naming the field; an unknown key too) → conversation exists (404) → it belongs to
 *   `businessId` (400) → the caller may use it (403) → business exists (404) → approved (403) →
 *   conversation not expired (400 'failed-precondition') → a PHONE_SIGN_IN resume carries a token (401);
 * and, once the turn's message is stored and the turn claimed, a resume has a phone sign-in to answer
 * (assertResumable: 400 'failed-precondition'). Only the first entry of `resume.respond` is acted on.
 */
import type { AssistantRequest, TurnInterrupt } from '@chat/assistant';
import {
  assertChatEnabled,
  ChatResumeBodySchema,
  ChatSendBodySchema,
  isConversationExpired,
  MAX_TIME_ZONE_LENGTH,
  ProviderError,
  resumableAuthMessage,
} from '@chat/core';
import type { Business, ChatInterrupt, ChatResponse, Conversation, Message } from '@chat/core';
import { z } from 'zod';
import { assertConversationAccess } from './conversation-access.js';
import { parseOrThrow } from './error-answers.js';
import { isIanaTimeZone } from './iana-time-zone.js';

/** The visitor's time zone: an IANA zone the server's Intl knows, or the answer would be computed in none. */
const UserTimezone = z
  .string()
  .min(1)
  .max(MAX_TIME_ZONE_LENGTH)
  .refine(isIanaTimeZone, {
    error: (issue) =>
      `unknown time zone ${JSON.stringify(issue.input)}; expected an IANA zone such as America/New_York`,
  });

// Stricter than core's schemas (which the page shares): an unknown key is refused by name, and the time
// zone must exist. Built once.
const ChatSendBody = z.strictObject({ ...ChatSendBodySchema.shape, userTimezone: UserTimezone });
const ChatResumeBody = z.strictObject({ ...ChatResumeBodySchema.shape, userTimezone: UserTimezone });

export type ChatBody =
  | ({ kind: 'message' } & z.output<typeof ChatSendBody>)
  | ({ kind: 'resume' } & z.output<typeof ChatResumeBody>);

/** The body as a send or a resume (by the presence of `resume`, so errors name the right field). */
export function parseChatBody(body: unknown): ChatBody {
  const isResume = typeof body === 'object' && body !== null && 'resume' in body;
  return isResume
    ? { kind: 'resume', ...parseOrThrow(ChatResumeBody, body) }
    : { kind: 'message', ...parseOrThrow(ChatSendBody, body) };
}

export interface ChatTurnFacts {
  body: ChatBody;
  /** The verified caller, null when anonymous. */
  user: { uid: string } | null;
  /** As stored, null when there is none. */
  conversation: Conversation | null;
  business: Business | null;
  /** The server's time now. */
  nowMs: number;
}

/** Throws the first refusal (see the header); else the conversation, business and the assistant's request. */
export function checkChatTurn({ body, user, conversation, business, nowMs }: ChatTurnFacts): {
  conversation: Conversation;
  business: Business;
  request: AssistantRequest;
} {
  if (!conversation) throw new ProviderError('not-found', `Conversation ${body.conversationId} not found`);
  if (conversation.businessId !== body.businessId) {
    throw new ProviderError(
      'invalid-argument',
      `businessId: conversation ${conversation.id} belongs to another business`,
    );
  }
  assertConversationAccess(conversation, user);
  if (!business) throw new ProviderError('not-found', `Business ${body.businessId} not found`);
  assertChatEnabled(business);
  if (isConversationExpired(conversation, nowMs)) {
    // Its own code, so the page can tell "this conversation is over, start a new one" (§4) from a
    // request it got wrong.
    throw new ProviderError(
      'failed-precondition',
      `conversationId: conversation ${conversation.id} has expired`,
    );
  }
  if (body.kind === 'message')
    return { conversation, business, request: { kind: 'message', text: body.message } };
  const { toolRequest, response } = body.resume.respond[0]!;
  if (response.action === 'PHONE_SIGN_IN' && !user) {
    throw new ProviderError(
      'unauthenticated',
      'A PHONE_SIGN_IN resume needs the bearer token of the signed-in visitor',
    );
  }
  const declined = response.declined ?? response.action === 'PHONE_SIGN_IN_DECLINED';
  return {
    conversation,
    business,
    request: { kind: 'resume', action: response.action, declined, toolRequest },
  };
}

/**
 * A resume answers the phone sign-in the conversation waits on (core's resumableAuthMessage): without
 * one there is nothing to resume, and the assistant must not answer as if the visitor had signed in or
 * declined — 400 'failed-precondition', nothing written. Checked on the turn's history once its message
 * is stored and the turn claimed, so a repeated resume is still answered what the first one was.
 */
export function assertResumable(
  request: AssistantRequest,
  conversationId: string,
  history: readonly Message[],
): void {
  if (request.kind !== 'resume' || resumableAuthMessage(history) !== null) return;
  throw new ProviderError(
    'failed-precondition',
    `resume: conversation ${conversationId} is not waiting for a phone sign-in (no auth message since ` +
      `the assistant's last reply), so there is nothing to resume with ${request.action}`,
  );
}

/** The HTTP answer for a written turn: its smart replies and the phone sign-in interrupt (§7). */
export function chatAnswer(turn: {
  smartReplies?: ChatResponse['smartReplies'];
  interrupt?: TurnInterrupt;
}): ChatResponse {
  const answer: ChatResponse = {};
  if (turn.smartReplies && turn.smartReplies.length > 0) answer.smartReplies = turn.smartReplies;
  if (turn.interrupt) {
    const interrupt: ChatInterrupt = {
      toolRequest: turn.interrupt.toolRequest,
      metadata: { interrupt: { message: turn.interrupt.message } },
    };
    answer.interrupts = [interrupt];
  }
  return answer;
}
