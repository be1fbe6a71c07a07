/**
 * The assistant's side of a chat session: asking it about the visitor's words (or resuming it after
 * an interrupt), applying its answer — smart replies, or a phone sign-in interrupt — and 'try again'.
 * The typing indicator's wait for the reply's message is the conversation state's (session-core.ts
 * arms its grace timer).
 */
import {
  errorCodeOf,
  isChatEnabled,
  isUnreachable,
  lastUserMessage,
  normaliseSmartReplies,
  offeredReply,
  type ChatResponse,
  type Message,
  type OfferedSmartReply,
  type ResumeResponse,
  type ToolRequest,
} from '@chat/core';
import { phoneSignInInterruptIn, resumeBody, sendBody } from './chat-bodies.js';
import { conversationRefusal } from './conversation-refusal.js';
import { leaveRoom } from './conversation-moves.js';
import { inLine, mayLeave, type Room } from './room.js';
import { dispatch, isExpired, type SessionCore } from './session-core.js';

/** The message a chat call answers (issue 27): the chat service answers each one once. */
export interface Answering {
  /** Absent for a question asked anew (a 'try again' after an answer): the service runs a new turn. */
  messageId?: string;
  /** Withdraws the question (a save that failed, decision 0025). */
  signal?: AbortSignal;
}

/** The page's language on a chat body, so the assistant can answer in it (issue 28); nothing without one. */
function inLanguage(s: SessionCore): { language?: string } {
  return s.language ? { language: s.language } : {};
}

/**
 * Asks the assistant about the visitor's `message`, naming the message it answers: the chat service
 * answers once that message is stored — it may still be on its way (decision 0025) — and once only, so
 * a repeated call gets the same answer and no second reply (issue 27).
 */

export async function ask(
  s: SessionCore,
  r: Room,
  message: string,
  answering: Answering,
): Promise<ChatResponse> {
  const idToken = await s.auth.getIdToken();
  const body = {
    ...sendBody(s.business, r.conversation.id, message, s.timeZone, answering.messageId),
    ...inLanguage(s),
  };
  return s.chat.send(body, { idToken, ...(answering.signal ? { signal: answering.signal } : {}) });
}

/** Resumes the assistant after the interrupt, naming the message the page saved as the visitor answered. */
export async function resume(
  s: SessionCore,
  r: Room,
  toolRequest: ToolRequest,
  response: ResumeResponse,
  answering: Answering,
): Promise<ChatResponse> {
  const idToken = await s.auth.getIdToken();
  const body = {
    ...resumeBody(s.business, r.conversation.id, toolRequest, response, s.timeZone, answering.messageId),
    ...inLanguage(s),
  };
  return s.chat.resume(body, { idToken });
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
  fallback: OfferedSmartReply[] = [],
): void {
  const replies = normaliseSmartReplies(response.smartReplies).map(offeredReply);
  const smartReplies = replies.length > 0 ? replies : fallback;
  const interrupt = phoneSignInInterruptIn(response);
  r.assistantAnswered = true;
  if (interrupt) {
    dispatch(s, r, {
      type: 'interrupt-received',
      interrupt,
      smartReplies,
      previousUserText,
      now: Date.now(),
      defaultPrompt: s.texts.authPromptDefault,
      interruptReplies: s.replies.interrupt,
    });
  } else {
    dispatch(s, r, { type: 'reply-received', smartReplies });
  }
}

/**
 * Asks the assistant about the visitor's `text` and applies its answer. `asked` is the question
 * already put while the message was being saved (decision 0025): when the service answered that the
 * message was not saved in time, or the question got no answer at all (it left while the connection
 * was gone, and the save landed once it was back), it is asked once more now that it is saved. When the assistant refuses
 * the conversation itself, the question goes to a new one; any other failure becomes the 'Failed
 * to get AI response' alert (a limit reached: 'tooManyMessages') with a 'Try again' reply. Never throws.
 */
export async function answer(
  s: SessionCore,
  r: Room,
  message: { id?: string; text: string },
  asked?: Promise<ChatResponse>,
): Promise<void> {
  const { text } = message;
  const answering: Answering = message.id ? { messageId: message.id } : {};
  try {
    const response = asked
      ? await asked.catch((error: unknown) => {
          if (errorCodeOf(error) === 'message-not-saved' || isUnreachable(error)) {
            return ask(s, r, text, answering);
          }
          throw error;
        })
      : await ask(s, r, text, answering);
    apply(s, r, response, text);
  } catch (error) {
    if (conversationRefusal(error, 'chat') && mayLeave(r) && (await inLine(r, () => leaveRoom(s, r, text)))) {
      return;
    }
    console.error('The chat service failed', error);
    // Past a fair limit (429) the visitor is told politely to wait; 'Try again' stays for later.
    const alert = errorCodeOf(error) === 'too-many-requests' ? 'tooManyMessages' : 'failedToGetAiResponse';
    dispatch(s, r, { type: 'failed', alert, smartReplies: s.replies.retry });
  }
}

/** A notice in the conversation (sign-in done or cancelled, nothing to try again). */
export function saveSystemMessage(s: SessionCore, r: Room, text: string): Promise<Message> {
  return s.data.addMessage(r.conversation.id, { id: s.newId(), role: 'system', text, type: 'system' });
}

/**
 * 'try again' (§4): the last visitor message goes to the assistant once more, named: a turn that
 * failed is run again, one that was answered after all is answered the same (issue 27).
 */
export async function tryAgain(s: SessionCore, r: Room): Promise<void> {
  if (!isChatEnabled(s.business)) return;
  dispatch(s, r, { type: 'action-started' });
  const previous = lastUserMessage(r.stored);
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
    await inLine(r, () => leaveRoom(s, r, previous.text));
    return;
  }
  dispatch(s, r, { type: 'awaiting-reply', afterMessageId: r.stored.at(-1)?.id ?? null });
  // Answered already (a whole reply after it): §4 asks for a new answer, so the question goes unnamed
  // and the service runs a new turn; after a failure or a cut reply it is named, and answered once.
  const after = r.stored.slice(r.stored.findIndex((m) => m.id === previous.id) + 1);
  const answered = after.some((m) => m.role === 'model' && m.type !== 'auth' && !m.streaming && !m.cut);
  await answer(s, r, answered ? { text: previous.text } : previous);
}
