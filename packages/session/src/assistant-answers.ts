/**
 * The assistant's side of a chat session: asking it about the visitor's words (or resuming it after
 * an interrupt), applying its answer — smart replies, or a phone sign-in interrupt — and 'try again'.
 * The typing indicator's wait for the reply's message is the conversation state's (the effect
 * runner arms its grace timer).
 */
import {
  errorCodeOf,
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
import { isExpired, roomOf, type SessionMachine } from './session-machine.js';
import { mayLeave, type ConversationAction } from './session-state.js';

/** The message a chat call answers (issue 27): the chat service answers each one once. */
export interface Answering {
  /** Absent for a question asked anew (a 'try again' after an answer): the service runs a new turn. */
  messageId?: string;
  /** Withdraws the question (a save that failed, decision 0025). */
  signal?: AbortSignal;
}

/** The page's language on a chat body, so the assistant can answer in it (issue 28); nothing without one. */
function inLanguage(m: SessionMachine): { language?: string } {
  return m.language ? { language: m.language } : {};
}

/** Changes room `room`'s conversation state (session-state.ts conversationReducer). */
function converse(m: SessionMachine, room: number, action: ConversationAction): void {
  m.dispatch({ type: 'conversation', room, action });
}

/**
 * Asks the assistant about the visitor's `message`, naming the message it answers: the chat service
 * answers once that message is stored — it may still be on its way (decision 0025) — and once only, so
 * a repeated call gets the same answer and no second reply (issue 27).
 */
export async function ask(
  m: SessionMachine,
  room: number,
  message: string,
  answering: Answering,
): Promise<ChatResponse> {
  const idToken = await m.auth.getIdToken();
  const body = {
    ...sendBody(m.business, roomOf(m, room).conversation.id, message, m.timeZone, answering.messageId),
    ...inLanguage(m),
  };
  return m.chat.send(body, { idToken, ...(answering.signal ? { signal: answering.signal } : {}) });
}

/** Resumes the assistant after the interrupt, naming the message the page saved as the visitor answered. */
export async function resume(
  m: SessionMachine,
  room: number,
  toolRequest: ToolRequest,
  response: ResumeResponse,
  answering: Answering,
): Promise<ChatResponse> {
  const idToken = await m.auth.getIdToken();
  const conversationId = roomOf(m, room).conversation.id;
  const body = {
    ...resumeBody(m.business, conversationId, toolRequest, response, m.timeZone, answering.messageId),
    ...inLanguage(m),
  };
  return m.chat.resume(body, { idToken });
}

/**
 * Applies a response: a phone sign-in interrupt (shown once per conversation; the reducer knows),
 * else its smart replies (normalised, at most 4), else `fallback`.
 */
export function apply(
  m: SessionMachine,
  room: number,
  response: ChatResponse,
  previousUserText: string | null,
  fallback: OfferedSmartReply[] = [],
): void {
  const replies = normaliseSmartReplies(response.smartReplies).map(offeredReply);
  const smartReplies = replies.length > 0 ? replies : fallback;
  const interrupt = phoneSignInInterruptIn(response);
  // Either marks the room answered by the assistant (session-state.ts).
  if (interrupt) {
    converse(m, room, {
      type: 'interrupt-received',
      interrupt,
      smartReplies,
      previousUserText,
      now: Date.now(),
      defaultPrompt: m.texts.authPromptDefault,
      interruptReplies: m.replies.interrupt,
    });
  } else {
    converse(m, room, { type: 'reply-received', smartReplies });
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
  m: SessionMachine,
  room: number,
  message: { id?: string; text: string },
  asked?: Promise<ChatResponse>,
): Promise<void> {
  const { text } = message;
  const answering: Answering = message.id ? { messageId: message.id } : {};
  try {
    const response = asked
      ? await asked.catch((error: unknown) => {
          if (errorCodeOf(error) === 'message-not-saved' || isUnreachable(error)) {
            return ask(m, room, text, answering);
          }
          throw error;
        })
      : await ask(m, room, text, answering);
    apply(m, room, response, text);
  } catch (error) {
    if (
      conversationRefusal(error, 'chat') &&
      mayLeave(roomOf(m, room)) &&
      (await m.inLine(room, () => leaveRoom(m, room, text)))
    ) {
      return;
    }
    console.error('The chat service failed', error);
    // Past a fair limit (429) the visitor is told politely to wait; 'Try again' stays for later.
    const alert = errorCodeOf(error) === 'too-many-requests' ? 'tooManyMessages' : 'failedToGetAiResponse';
    converse(m, room, { type: 'failed', alert, smartReplies: m.replies.retry });
  }
}

/** A notice in the conversation (sign-in done or cancelled, nothing to try again). */
export function saveSystemMessage(m: SessionMachine, room: number, text: string): Promise<Message> {
  const conversationId = roomOf(m, room).conversation.id;
  return m.data.addMessage(conversationId, { id: m.newId(), role: 'system', text, type: 'system' });
}

/**
 * 'try again' (§4): the last visitor message goes to the assistant once more, named: a turn that
 * failed is run again, one that was answered after all is answered the same (issue 27).
 */
export async function tryAgain(m: SessionMachine, room: number): Promise<void> {
  if (!m.state.chatEnabled) return;
  converse(m, room, { type: 'action-started' });
  const { stored } = roomOf(m, room);
  const previous = lastUserMessage(stored);
  if (previous === null) {
    try {
      await saveSystemMessage(m, room, m.texts.noPreviousMessage);
    } catch (error) {
      console.error('Saving the notice failed', error);
      converse(m, room, { type: 'failed', alert: 'failedToSendMessage' });
    }
    return;
  }
  if (isExpired(m, room) && mayLeave(roomOf(m, room))) {
    await m.inLine(room, () => leaveRoom(m, room, previous.text));
    return;
  }
  converse(m, room, { type: 'awaiting-reply', afterMessageId: stored.at(-1)?.id ?? null });
  // Answered already (a whole reply after it): §4 asks for a new answer, so the question goes unnamed
  // and the service runs a new turn; after a failure or a cut reply it is named, and answered once.
  const after = stored.slice(stored.findIndex((x) => x.id === previous.id) + 1);
  const answered = after.some((x) => x.role === 'model' && x.type !== 'auth' && !x.streaming && !x.cut);
  await answer(m, room, answered ? { text: previous.text } : previous);
}
