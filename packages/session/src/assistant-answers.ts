/**
 * The assistant's side of a chat session: asking it about the visitor's words (or resuming it after
 * an interrupt), applying its answer — smart replies, or a phone sign-in interrupt — and 'try again'.
 * The typing indicator's wait for the reply's message is the conversation state's (session-core.ts
 * arms its grace timer).
 */
import {
  errorCodeOf,
  isChatEnabled,
  lastUserMessageText,
  normaliseSmartReplies,
  type ChatResponse,
  type Message,
  type ResumeResponse,
  type SmartReply,
  type ToolRequest,
} from '@chat/core';
import { phoneSignInInterrupt, resumeBody, sendBody } from './chat-bodies.js';
import { conversationRefusal } from './conversation-refusal.js';
import { leaveRoom } from './conversation-moves.js';
import { RETRY_SMART_REPLIES } from './conversation-state.js';
import { inTurn, mayLeave, type Room } from './room.js';
import { dispatch, isExpired, type SessionCore } from './session-core.js';

/**
 * Asks the assistant about the visitor's `message`. `saving` names the message while its save is still
 * on the way: the chat service answers once it is stored, and `signal` withdraws the question
 * (decision 0025).
 */
export async function ask(
  s: SessionCore,
  r: Room,
  message: string,
  saving?: { messageId: string; signal: AbortSignal },
): Promise<ChatResponse> {
  const idToken = await s.auth.getIdToken();
  const body = sendBody(s.business, r.conversation.id, message, s.timeZone, saving?.messageId, s.language);
  return s.chat.send(body, { idToken, ...(saving ? { signal: saving.signal } : {}) });
}

export async function resume(
  s: SessionCore,
  r: Room,
  toolRequest: ToolRequest,
  response: ResumeResponse,
): Promise<ChatResponse> {
  const idToken = await s.auth.getIdToken();
  return s.chat.resume(
    resumeBody(s.business, r.conversation.id, toolRequest, response, s.timeZone, s.language),
    { idToken },
  );
}

/**
 * Applies a response: a phone sign-in interrupt (shown once per conversation; the reducer knows),
 * else its smart replies (normalised, at most 4), else `fallback`.
 */
export function apply(
  s: SessionCore,
  r: Room,
  response: ChatResponse,
  previousUserText: string | null,
  fallback: SmartReply[] = [],
): void {
  const replies = normaliseSmartReplies(response.smartReplies);
  const smartReplies = replies.length > 0 ? replies : fallback;
  const interrupt = phoneSignInInterrupt(response);
  r.answered = true;
  if (interrupt) {
    dispatch(s, r, {
      type: 'interrupt-received',
      interrupt,
      smartReplies,
      previousUserText,
      now: Date.now(),
      defaultPrompt: s.texts.authPromptDefault,
    });
  } else {
    dispatch(s, r, { type: 'reply-received', smartReplies });
  }
}

/**
 * Asks the assistant about the visitor's `text` and applies its answer. `asked` is the question
 * already put while the message was being saved (decision 0025): when the service answered that the
 * message was not saved in time, it is asked once more now that it is. When the assistant refuses
 * the conversation itself, the question goes to a new one; any other failure becomes the 'Failed
 * to get AI response' alert with a 'Try again' reply. Never throws.
 */
export async function answer(
  s: SessionCore,
  r: Room,
  text: string,
  asked?: Promise<ChatResponse>,
): Promise<void> {
  try {
    const response = asked
      ? await asked.catch((error: unknown) => {
          if (errorCodeOf(error) === 'message-not-saved') return ask(s, r, text);
          throw error;
        })
      : await ask(s, r, text);
    apply(s, r, response, text);
  } catch (error) {
    if (conversationRefusal(error, 'chat') && mayLeave(r) && (await inTurn(r, () => leaveRoom(s, r, text)))) {
      return;
    }
    console.error('The chat service failed', error);
    dispatch(s, r, { type: 'failed', alert: 'failedToGetAiResponse', smartReplies: RETRY_SMART_REPLIES });
  }
}

/** A notice in the conversation (sign-in done or cancelled, nothing to try again). */
export function saveSystemMessage(s: SessionCore, r: Room, text: string): Promise<Message> {
  return s.data.addMessage(r.conversation.id, { id: s.newId(), role: 'system', text, type: 'system' });
}

/** 'try again' (§4): the last visitor message goes to the assistant once more. */
export async function tryAgain(s: SessionCore, r: Room): Promise<void> {
  if (!isChatEnabled(s.business)) return;
  dispatch(s, r, { type: 'action-started' });
  const previous = lastUserMessageText(r.stored);
  if (previous === null) {
    try {
      await saveSystemMessage(s, r, s.texts.noPreviousMessage);
    } catch (error) {
      console.error('Saving the notice failed', error);
      dispatch(s, r, { type: 'failed', alert: 'failedToSendMessage' });
    }
    return;
  }
  if (isExpired(s, r) && mayLeave(r)) {
    await inTurn(r, () => leaveRoom(s, r, previous));
    return;
  }
  dispatch(s, r, { type: 'awaiting-reply', afterMessageId: r.stored.at(-1)?.id ?? null });
  await answer(s, r, previous);
}
