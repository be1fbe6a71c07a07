/**
 * What a chat session shows, derived from what it holds: pure functions, so the page, the demo
 * rehearsal and the benchmark read the same list the same way.
 */
import {
  EN,
  PHONE_SIGN_IN_TOOL,
  hasStoredInterrupt,
  interruptKey,
  isChatEnabled,
  pendingAuthMessage,
  userTextBefore,
  type Business,
  type Conversation,
  type Message,
  type OfferedSmartReply,
  type ProviderError,
} from '@chat/core';
import { conversationRefusal } from './conversation-refusal.js';
import { ENGLISH_REPLIES, type ProductReplies } from './product-replies.js';
import type { ConversationState, PendingInterrupt } from './session-state.js';
import { unstoredItems, type Delivery, type OutboxItem } from './outbox.js';
import type { SessionError } from './session-errors.js';
import { endsWithCutReply, withStalledCut } from './stalled-replies.js';

/** A message as listed: stored, the pending interrupt's prompt, or one of the outbox's (`delivery` set). */
export interface ListedMessage extends Message {
  /** Set on a visitor message whose stored copy has not arrived yet. */
  delivery?: Delivery;
}

/** An inline alert: which part of the page raised it, and the §8 error (its text is the page's). */
export interface SessionAlert {
  source: 'messages' | 'action' | 'new-chat';
  error: SessionError;
}

/** Where the session is with the conversation it shows (§4 "Conversation resolution"). */
export type ConversationStatus =
  | { status: 'resolving' }
  | { status: 'ready'; conversation: Conversation }
  /** The business cannot be chatted with (§6) and no conversation is shown: nothing was created. */
  | { status: 'closed' }
  | { status: 'error'; error: SessionError; conversationId?: string };

/** The room shown, as the view reads it (session-state.ts RoomState). */
export interface RoomSnapshot {
  conversation: Conversation;
  loaded: boolean;
  stored: Message[];
  streamError: SessionError | null;
  failure: ProviderError | null;
  reconnecting: boolean;
  outbox: OutboxItem[];
  conversationState: ConversationState;
  /** Whether the session may leave this conversation by itself (see session-state.ts mayLeave). */
  mayLeave: boolean;
  /** Streaming replies that stopped growing: shown as cut (stalled-replies.ts). */
  stalled: ReadonlySet<string>;
}

export interface ChatSessionState {
  conversation: ConversationStatus;
  /**
   * The conversation being resolved will be new and empty: the last `open` (or the conversation the
   * session was made for) names none, by the URL or the tab's storage. Known from the first state, so
   * the page shows the empty state at once rather than 'Loading...' (decision 0021). Where the URL
   * should go is not state: `onNavigate` tells it.
   */
  startsNew: boolean;
  /**
   * Whether the business may be chatted with (§6, core's isChatEnabled), fixed for the session: when
   * false the page is read-only (no sending, no new chat) and the session is closed when no valid
   * conversation is named.
   */
  chatEnabled: boolean;
  /**
   * False until the first list of stored messages (or the stream's failure) arrives; true at once
   * when the session is closed (there is no conversation to wait for).
   */
  loaded: boolean;
  /** The visitor can send: loaded, and the business allows chatting. */
  canSend: boolean;
  /** The stored messages, ordered by createdAt, without those that have nothing to show. */
  stored: Message[];
  /** What the page lists: stored (answered auth prompts left out), the pending prompt, then the outbox. */
  messages: ListedMessage[];
  /** The phone sign-in the assistant asked for and the visitor has not answered. */
  interrupt: ShownInterrupt | null;
  /** The assistant is answering and nothing of its reply has appeared yet. */
  typing: boolean;
  /** What the visitor may choose, each with its action as data (OfferedSmartReply). */
  smartReplies: OfferedSmartReply[];
  alerts: SessionAlert[];
  /**
   * The connection is coming back: the live stream dropped (missed messages follow), or a request got
   * no answer at all and the session tries again (connection.ts). Never because the browser says it is
   * offline.
   */
  reconnecting: boolean;
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

export function viewOf(
  business: Business,
  conversation: ConversationStatus,
  startsNew: boolean,
  room: RoomSnapshot | null,
  newChatFailed: boolean,
  authPromptDefault: string,
  connectionLost = false,
  /** The session's own smart replies, in the visitor's language. */
  replies: ProductReplies = ENGLISH_REPLIES,
): ChatSessionState {
  const chatEnabled = isChatEnabled(business);
  const pageAlerts: SessionAlert[] = newChatFailed
    ? [{ source: 'new-chat', error: 'failedToCreateConversation' }]
    : [];
  if (!room) {
    return {
      conversation,
      startsNew,
      chatEnabled,
      loaded: conversation.status === 'closed',
      canSend: false,
      stored: [],
      messages: [],
      interrupt: null,
      typing: false,
      smartReplies: [],
      alerts: pageAlerts,
      reconnecting: connectionLost,
    };
  }
  const stored = withStalledCut(room.stored, room.stalled);
  const interrupt = pendingInterrupt(stored, room.conversationState, authPromptDefault);
  const shown: ListedMessage[] = displayedMessages(stored, interrupt);
  const last = shown.at(-1)?.createdAt ?? 0;
  const waiting = unstoredItems(stored, room.outbox).map((item): ListedMessage => ({
    id: item.id,
    role: 'user',
    text: item.text,
    // Not stored yet, so not stamped by the server: after everything that is.
    createdAt: last,
    delivery: item.delivery,
  }));
  // A conversation the server no longer has is left for a new one, so its failure is no news then.
  const gone = room.failure !== null && conversationRefusal(room.failure, 'listen') === 'gone';
  const leaving = gone && room.mayLeave;
  const streamError = leaving && room.streamError === 'failedToListen' ? null : room.streamError;
  const offeredReplies = (): OfferedSmartReply[] => {
    if (room.failure && !leaving) return replies.listenFailure;
    const offered = room.conversationState.smartReplies.filter(
      (reply) => reply.action !== 'decline' || interrupt !== null,
    );
    // A cut reply came after the answer whose replies are on offer (a cut reply has none of its own):
    // they answered the reply before it, so 'Try again' takes their place.
    if (waiting.length === 0 && endsWithCutReply(shown)) return replies.retry;
    // Opened ending with a question no reply followed, and this page has asked nothing here: its chat
    // call was lost (a reload before it left, the connection gone). 'Try again' asks it, named: a turn
    // still running elsewhere is answered once, not twice (issue 27), and its reply ends this offer.
    if (
      chatEnabled &&
      room.outbox.length === 0 &&
      !room.conversationState.awaiting &&
      interrupt === null &&
      shown.at(-1)?.role === 'user'
    ) {
      return replies.retry;
    }
    return offered;
  };
  return {
    conversation,
    startsNew,
    chatEnabled,
    loaded: room.loaded,
    canSend: room.loaded && chatEnabled,
    stored,
    messages: [...shown, ...waiting],
    interrupt,
    typing: isTyping(room.conversationState.awaiting, stored),
    // The stream's way out ('Refresh Page', 'Contact Support') stays as long as it is broken (§8); a
    // conversation ending with a cut reply offers 'Try again' (issue 27) in place of older replies.
    // A decline answers the pending sign-in only: once none is pending (answered elsewhere, or the
    // conversation ended and the server said so), its replies go with its widget (issue 28).
    smartReplies: offeredReplies(),
    alerts: [
      ...(streamError ? [{ source: 'messages' as const, error: streamError }] : []),
      ...(room.conversationState.alert
        ? [{ source: 'action' as const, error: room.conversationState.alert }]
        : []),
      ...pageAlerts,
    ],
    reconnecting: room.reconnecting || connectionLost,
  };
}
