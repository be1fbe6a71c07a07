/**
 * A conversation's state beside its stored messages: smart replies, the reply being waited for
 * (typing indicator), a pending phone sign-in interrupt, and an inline alert (an error code; the page
 * shows its text). A pure reducer, so each transition of §4 can be read (and tested) in one place;
 * a session's room (room.ts) holds one per conversation.
 */
import {
  EN,
  PHONE_SIGN_IN_TOOL,
  hasStoredInterrupt,
  interruptKey,
  pendingAuthMessage,
  userTextBefore,
  type ChatInterrupt,
  type Message,
  type OfferedSmartReply,
  type ToolRequest,
} from '@chat/core';
import { ENGLISH_REPLIES } from './product-replies.js';
import type { SessionError } from './session-errors.js';

/** A phone sign-in the assistant asked for and the visitor has not finished or declined. */
export interface PendingInterrupt {
  /** Which interrupt this is (interruptKey): the same one arriving twice shows one widget. */
  key: string;
  toolRequest: ToolRequest;
  /** The auth message's text (metadata.interrupt.message, else the default prompt). */
  text: string;
  /** When the prompt appeared, so the local auth message can be ordered with the stored ones. */
  createdAt: number;
  /** The visitor message that led to the interrupt; re-sent if resuming after sign-in fails. */
  previousUserText: string | null;
}

/**
 * The reply the page waits for. The chat service answers over HTTP as soon as the reply's message is
 * created, but that message reaches the page through the live stream, which can land a moment later;
 * so the HTTP answer alone does not end the wait (`answered`), the model message does. When the
 * message never comes, `reply-overdue` ends it (session-core.ts scheduleOverdue, after REPLY_MESSAGE_GRACE_MS).
 */
export interface Awaiting {
  afterMessageId: string | null;
  /** The chat service has answered; only the message itself is still on its way. */
  answered: boolean;
}

export interface ConversationState {
  smartReplies: OfferedSmartReply[];
  /** Waiting for the assistant: the typing indicator shows until a reply appears after this message. */
  awaiting: Awaiting | null;
  /**
   * The interrupt from the chat service's answer, shown until its stored auth message arrives
   * through the live stream (see pendingInterrupt below).
   */
  interrupt: PendingInterrupt | null;
  /** Keys of interrupts the visitor answered here; their answering message may still be on its way. */
  answeredInterrupts: string[];
  /** Whether the smart replies of the stored conversation were put back after (re)opening it. */
  restored: boolean;
  /** An inline, dismissable error (§8) that does not stop the page. */
  alert: SessionError | null;
}

export const initialConversationState: ConversationState = {
  smartReplies: [],
  awaiting: null,
  interrupt: null,
  answeredInterrupts: [],
  restored: false,
  alert: null,
};

/** The English smart replies offered while an interrupt is pending (product-replies.ts). */
export const INTERRUPT_SMART_REPLIES: OfferedSmartReply[] = ENGLISH_REPLIES.interrupt;
/** The English 'Try again' offered after 'Failed to get AI response' (§8). */
export const RETRY_SMART_REPLIES: OfferedSmartReply[] = ENGLISH_REPLIES.retry;

export type ConversationAction =
  /** A visitor action starts: old smart replies and alerts go (§4 sending, step 1). */
  | { type: 'action-started' }
  | { type: 'awaiting-reply'; afterMessageId: string | null }
  /**
   * The chat service answered without an interrupt (or with one already shown). The typing
   * indicator stays until the reply's message appears or the wait is overdue.
   */
  | { type: 'reply-received'; smartReplies: OfferedSmartReply[] }
  /** The answered reply's message never appeared in time: stop showing the typing indicator. */
  | { type: 'reply-overdue' }
  /** The question has not reached the assistant (the connection went): no typing indicator meanwhile. */
  | { type: 'question-withdrawn' }
  /** The chat service answered with a phone sign-in interrupt. */
  | {
      type: 'interrupt-received';
      interrupt: ChatInterrupt;
      smartReplies: OfferedSmartReply[];
      previousUserText: string | null;
      now: number;
      /** The prompt when the interrupt carries none (the page's authPromptDefault). */
      defaultPrompt?: string;
      /** The replies that decline it, in the visitor's language; default English. */
      interruptReplies?: OfferedSmartReply[];
    }
  /** Sign-in finished, declined or cancelled: the auth message goes and the input is enabled. */
  | { type: 'interrupt-closed'; key: string }
  /**
   * The stored conversation arrived for the first time: its smart replies are shown again (the
   * interrupt's when one is pending) unless the visitor has already acted.
   */
  | { type: 'restored'; smartReplies: OfferedSmartReply[] }
  /** An action failed: the alert shows, and `smartReplies` (when given) offer a way on. */
  | { type: 'failed'; alert: SessionError; smartReplies?: OfferedSmartReply[] }
  | { type: 'dismiss-alert' };

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'action-started':
      return { ...state, smartReplies: [], alert: null };
    case 'awaiting-reply':
      return { ...state, awaiting: { afterMessageId: action.afterMessageId, answered: false } };
    case 'reply-received':
      return {
        ...state,
        awaiting: state.awaiting && { ...state.awaiting, answered: true },
        smartReplies: action.smartReplies,
      };
    case 'reply-overdue':
      return state.awaiting?.answered ? { ...state, awaiting: null } : state;
    case 'question-withdrawn':
      return state.awaiting && !state.awaiting.answered ? { ...state, awaiting: null } : state;
    case 'interrupt-received': {
      // An interrupt ends the wait: its text reply and auth message are already stored.
      const key = interruptKey(action.interrupt.toolRequest, `local:${action.now}`);
      if (state.answeredInterrupts.includes(key)) return { ...state, awaiting: null };
      const interruptReplies = action.interruptReplies ?? INTERRUPT_SMART_REPLIES;
      if (state.interrupt?.key === key) {
        return { ...state, awaiting: null, smartReplies: interruptReplies };
      }
      return {
        ...state,
        awaiting: null,
        smartReplies: interruptReplies,
        interrupt: {
          key,
          toolRequest: action.interrupt.toolRequest,
          text:
            action.interrupt.metadata?.interrupt?.message?.trim() ||
            (action.defaultPrompt ?? EN.ui.authPromptDefault),
          createdAt: action.now,
          previousUserText: action.previousUserText,
        },
      };
    }
    case 'interrupt-closed':
      return {
        ...state,
        interrupt: null,
        answeredInterrupts: [...state.answeredInterrupts, action.key],
        smartReplies: [],
      };
    case 'restored':
      if (state.restored) return state;
      return {
        ...state,
        restored: true,
        smartReplies:
          state.smartReplies.length > 0 || state.awaiting ? state.smartReplies : action.smartReplies,
      };
    case 'failed':
      return {
        ...state,
        awaiting: null,
        alert: action.alert,
        smartReplies: action.smartReplies ?? state.smartReplies,
      };
    case 'dismiss-alert':
      return { ...state, alert: null };
  }
}

/** The id of the local auth message; it never collides with stored ids, which are document ids. */
export const AUTH_MESSAGE_ID = 'local:auth-prompt';

/**
 * The interrupt waiting for the visitor: the stored auth message no later message answered (it
 * survives a reload), else the one from the chat service's answer while its stored message is on its
 * way. Never two: the same interrupt from both sources is one.
 */
export function pendingInterrupt(
  stored: Message[],
  state: Pick<ConversationState, 'interrupt' | 'answeredInterrupts'>,
  defaultPrompt: string = EN.ui.authPromptDefault,
) {
  const answered = new Set(state.answeredInterrupts);
  const auth = pendingAuthMessage(stored, answered);
  if (auth) {
    const key = interruptKey(auth.toolRequest, auth.id);
    const local = state.interrupt?.key === key ? state.interrupt : null;
    const pending: PendingInterrupt & { messageId: string } = {
      key,
      messageId: auth.id,
      toolRequest: auth.toolRequest ?? local?.toolRequest ?? { name: PHONE_SIGN_IN_TOOL },
      text: auth.text.trim() || defaultPrompt,
      createdAt: auth.createdAt,
      previousUserText: local?.previousUserText ?? userTextBefore(stored, stored.indexOf(auth)),
    };
    return pending;
  }
  const local = state.interrupt;
  if (!local || answered.has(local.key) || hasStoredInterrupt(stored, local.key)) return null;
  return { ...local, messageId: AUTH_MESSAGE_ID };
}

export type ShownInterrupt = NonNullable<ReturnType<typeof pendingInterrupt>>;

/**
 * The messages on screen: the stored ones without answered auth messages (§4: the auth message is
 * removed), and the pending interrupt's auth message — appended when it is not stored yet.
 */
export function displayedMessages(stored: Message[], interrupt: ShownInterrupt | null): Message[] {
  const shown = stored.filter((m) => m.type !== 'auth' || m.id === interrupt?.messageId);
  if (!interrupt || interrupt.messageId !== AUTH_MESSAGE_ID) return shown;
  const last = stored.at(-1);
  const auth: Message = {
    id: AUTH_MESSAGE_ID,
    role: 'model',
    type: 'auth',
    text: interrupt.text,
    // Never before the reply that asked for it, whatever the two clocks say.
    createdAt: Math.max(interrupt.createdAt, last?.createdAt ?? 0),
  };
  return [...shown, auth];
}

/** Whether the typing indicator shows: waiting, and no assistant text has appeared since the anchor. */
export function isTyping(awaiting: ConversationState['awaiting'], stored: Message[]): boolean {
  if (!awaiting) return false;
  const anchor = awaiting.afterMessageId ? stored.findIndex((m) => m.id === awaiting.afterMessageId) : -1;
  if (awaiting.afterMessageId && anchor === -1) return true; // our message is not in the list yet
  return !stored.slice(anchor + 1).some((m) => m.role === 'model');
}
