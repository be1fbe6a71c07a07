/**
 * The chat session's one state and every transition of it: `sessionReducer(state, event)`, pure, the
 * only way the session changes (decision 0034). What the session holds — whether it listens, the
 * conversation being resolved and the one shown, the page-level alert, the draft, whether the
 * connection is lost, and per conversation its stored messages, outbox, live stream's state and
 * conversation state (smart replies, the reply waited for, the pending interrupt, the alert) — is
 * here, immutable, and replaced by each event. The commands and the effect runner
 * (session-machine.ts, effect-runner.ts) decide nothing about the state themselves: they dispatch
 * events and read the state back; what they start (saves, chat calls, the live stream, timers) is
 * started because a transition here asked for it.
 */
import {
  EN,
  interruptKey,
  offeredReply,
  restoredSmartReplies,
  type ChatInterrupt,
  type Conversation,
  type Message,
  type OfferedSmartReply,
  type ProviderError,
  type ToolRequest,
} from '@chat/core';
import { conversationRefusal } from './conversation-refusal.js';
import type { Carry, Delivery, OutboxItem } from './outbox.js';
import { ENGLISH_REPLIES } from './product-replies.js';
import type { Resolution } from './resolve-conversation.js';
import type { SessionError } from './session-errors.js';
import { pendingInterrupt, type ConversationStatus, type SessionAlert } from './session-view.js';
import { STALLED_REPLY_MS, type ReplyGrowth } from './stalled-replies.js';

// ---------------------------------------------------------------------------------------------------
// The conversation state: what a conversation shows beside its stored messages (§4).

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
 * message never comes, `reply-overdue` ends it (the effect runner's grace timer, REPLY_MESSAGE_GRACE_MS).
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
   * through the live stream (see pendingInterrupt in session-view.ts).
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

// ---------------------------------------------------------------------------------------------------
// The session's state: the conversations it has entered (rooms) and what it holds besides.

/**
 * One conversation as the session holds it. The session shows one room at a time; a room it moved
 * away from stays (its stored messages dropped) as long as the session lives, because what was under
 * way there (a save in the outbox's line, a chat call) still ends in it, as it always did.
 * Never mutated: replaced by the reducer. (Arrays are typed mutable only for the view's signatures.)
 */
export interface RoomState {
  /** Which room this is: the n-th entered. Events for a room name it (the same conversation may be entered twice). */
  readonly key: number;
  readonly conversation: Conversation;
  /**
   * Created by the session's resolution just now: nothing can be in it, so its (empty) list is known
   * without waiting for the live stream's first answer, and the visitor can write at once (decision 0021).
   */
  readonly fresh: boolean;
  /** The first list of stored messages (or the stream's failure) has arrived. */
  readonly loaded: boolean;
  readonly stored: Message[];
  readonly streamError: SessionError | null;
  readonly failure: ProviderError | null;
  readonly reconnecting: boolean;
  /** The live stream failed: it is not listened to again until the session is started again. */
  readonly streamFailed: boolean;
  readonly outbox: OutboxItem[];
  /** Smart replies, the reply waited for, the pending interrupt, the alert. */
  readonly conversationState: ConversationState;
  /** Failures so far: a message queued before the latest failure does not go ahead of the failed one. */
  readonly failures: number;
  /** The session is leaving this conversation: messages still in the outbox's line end as 'carried'. */
  readonly left: boolean;
  /** What the previous conversation handed over (null when none). */
  readonly carried: Carry | null;
  /** The carried messages have been put in the outbox's line (once, when the room first loaded). */
  readonly carriedSent: boolean;
  /** The assistant has answered here (see mayLeave). */
  readonly assistantAnswered: boolean;
  /** The live stream said the conversation is gone, and the session acted on it (once). */
  readonly goneHandled: boolean;
  /** The §3 signup feed item was posted for this conversation (at most once). */
  readonly feedPosted: boolean;
  /** Streaming replies: when each last grew, by the page's clock (stalled-replies.ts). */
  readonly growth: ReadonlyMap<string, ReplyGrowth>;
  /** Streaming replies that have not grown for STALLED_REPLY_MS: shown as cut. */
  readonly stalled: ReadonlySet<string>;
}

export interface SessionState {
  /** The business allows chatting (§6); fixed for the session. */
  readonly chatEnabled: boolean;
  /** The smart replies that decline a pending interrupt, in the visitor's language; fixed. */
  readonly interruptReplies: OfferedSmartReply[];
  /** Listening: the live stream of the room shown is open and its timers run. */
  readonly started: boolean;
  readonly conversationStatus: ConversationStatus;
  /**
   * The last `open` names no conversation, by the URL or the tab's storage: the conversation it shows
   * is made now and is empty (or, for a business that cannot be chatted with, none is: §6).
   */
  readonly startsNew: boolean;
  /**
   * The latest move the page's URL is to follow, a new object per move; the machine tells the
   * `onNavigate` listeners when a transition replaces it (an event to the page, not in the view).
   */
  readonly navigateTo: { readonly conversationId: string | null } | null;
  /** Creating a new conversation at the visitor's request failed (the page-level alert). */
  readonly newChatFailed: boolean;
  /** What the visitor has typed and not sent; carried along when the session leaves a conversation. */
  readonly draft: string;
  /**
   * The resolution asked for (`open`, or the conversation the session was made for), numbered: a later
   * one replaces it. The effect runner starts it once the session is started.
   */
  readonly opening: { readonly key: string; readonly seq: number } | null;
  readonly openings: number;
  /** A request got no answer at all; cleared by the next one answered (connection.ts). */
  readonly connectionLost: boolean;
  /** Every room entered, by key; `shown` is the one shown. */
  readonly rooms: Readonly<Record<number, RoomState>>;
  readonly shown: number | null;
}

/**
 * The state of a session made for the conversation `opening.key` names ('' for none): resolving it,
 * and already knowing whether that makes a new, empty one (`opening.startsNew`).
 */
export function initialSessionState(
  chatEnabled: boolean,
  interruptReplies: OfferedSmartReply[],
  opening: { key: string; startsNew: boolean },
): SessionState {
  return {
    chatEnabled,
    interruptReplies,
    started: false,
    conversationStatus: { status: 'resolving' },
    startsNew: opening.startsNew,
    navigateTo: null,
    newChatFailed: false,
    draft: '',
    opening: { key: opening.key, seq: 1 },
    openings: 1,
    connectionLost: false,
    rooms: {},
    shown: null,
  };
}

/** The room shown, if any. */
export function shownRoom(state: SessionState): RoomState | null {
  return state.shown === null ? null : (state.rooms[state.shown] ?? null);
}

/**
 * Whether the session may leave `r` by itself. Not a conversation it has just moved to until the
 * assistant has answered there: whatever the server does, the session never replaces one
 * conversation with the next in a loop — it shows the §8 error instead.
 */
export function mayLeave(r: RoomState): boolean {
  return r.carried === null || r.assistantAnswered;
}

/** When the next streaming reply of `r` stalls, unless it grows first; null when none is streaming. */
export function nextStallAt(r: RoomState): number | null {
  let next: number | null = null;
  for (const [id, growth] of r.growth) {
    if (!r.stalled.has(id)) next = Math.min(next ?? Number.POSITIVE_INFINITY, growth.at + STALLED_REPLY_MS);
  }
  return next;
}

/** An event about one room (`room`: its key). */
export type RoomEvent = { room: number } & (
  | /** The live stream was opened: a room created just now is loaded at once (its list is empty). */
    { type: 'stream-opened' }
    /** A list of stored messages arrived (processed), at `now` by the page's clock. */
  | { type: 'messages-listed'; stored: Message[]; now: number }
  /** A list arrived that could not be processed. */
  | { type: 'messages-unreadable' }
  | { type: 'stream-failed'; error: ProviderError }
  | { type: 'stream-state'; reconnecting: boolean }
  /** The stall timer went off at `now`: replies that have not grown for STALLED_REPLY_MS are cut. */
  | { type: 'stall-check'; now: number }
  /** The visitor sent `item`: it is listed at once, old smart replies and alerts go. */
  | { type: 'message-added'; item: OutboxItem }
  /** Retry of a failed item: at the end of the line, under the same id. */
  | { type: 'message-retried'; id: string }
  | { type: 'delivery'; id: string; delivery: Delivery }
  /** The item's save landed: it is sent, and the reply to `afterMessageId` is waited for. */
  | { type: 'message-saved'; id: string; afterMessageId: string }
  /** The item's save failed: it waits for Retry, and those queued behind it do not overtake it. */
  | { type: 'save-failed'; id: string }
  /** The session leaves this conversation for a new one. */
  | { type: 'leaving' }
  /** No new conversation could be made: the session stays, the waiting messages marked failed. */
  | { type: 'leave-failed' }
  | { type: 'feed-posting' }
  | { type: 'conversation'; action: ConversationAction }
);

export type SessionEvent =
  | { type: 'started' }
  | { type: 'stopped' }
  /**
   * `open` was asked for `key` (the URL's id, '' for none): a resolution starts; `startsNew` when it
   * makes a new, empty conversation (no id in the URL or the tab's storage).
   */
  | { type: 'opening'; key: string; startsNew: boolean }
  /** Resolution number `seq` ended; `requested` is the id it was asked for (undefined: none). */
  | { type: 'resolved'; seq: number; requested: string | undefined; resolution: Resolution }
  /** A new conversation is being created (the page-level alert goes). */
  | { type: 'new-chat-requested' }
  /** It was created: it is shown, its outbox holding what was carried (`outbox`, already with ids). */
  | { type: 'new-chat-created'; conversation: Conversation; carried: Carry | null; outbox: OutboxItem[] }
  | { type: 'new-chat-failed' }
  | { type: 'draft-changed'; text: string }
  | { type: 'alert-dismissed'; source: SessionAlert['source'] }
  | { type: 'connection-lost' }
  | { type: 'connection-reached' }
  | RoomEvent;

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'started': {
      // A stream that failed is listened to again after a restart, as before any failure.
      const room = shownRoom(state);
      const again = room?.streamFailed ? withRoom(state, { ...room, streamFailed: false }) : state;
      return { ...again, started: true };
    }
    case 'stopped':
      return state.started ? { ...state, started: false } : state;
    case 'opening':
      return {
        ...state,
        opening: { key: event.key, seq: state.openings + 1 },
        openings: state.openings + 1,
        startsNew: event.startsNew,
      };
    case 'resolved':
      return resolved(state, event);
    case 'new-chat-requested':
      return { ...state, newChatFailed: false };
    case 'new-chat-created': {
      const entered = enter(state, event.conversation, event.carried, event.outbox, false);
      return { ...entered, navigateTo: { conversationId: event.conversation.id } };
    }
    case 'new-chat-failed':
      return { ...state, newChatFailed: true };
    case 'draft-changed':
      return state.draft === event.text ? state : { ...state, draft: event.text };
    case 'alert-dismissed': {
      if (event.source === 'new-chat') return { ...state, newChatFailed: false };
      const room = shownRoom(state);
      if (!room) return state;
      if (event.source === 'messages') return withRoom(state, { ...room, streamError: null });
      return withRoom(state, converse(room, { type: 'dismiss-alert' }));
    }
    case 'connection-lost':
      return state.connectionLost ? state : { ...state, connectionLost: true };
    case 'connection-reached':
      return state.connectionLost ? { ...state, connectionLost: false } : state;
    default: {
      const room = state.rooms[event.room];
      if (!room) return state;
      const next = roomReducer(state, room, event);
      return next === room ? state : withRoom(state, next);
    }
  }
}

/** The events about one room; the live stream's only about the room shown (another's stream is closed). */
function roomReducer(state: SessionState, r: RoomState, event: RoomEvent): RoomState {
  const shown = state.shown === r.key;
  switch (event.type) {
    case 'stream-opened':
      return shown && r.fresh ? loadedOnce(state, r) : r;
    case 'messages-listed': {
      if (!shown) return r;
      const stalls = grown(r, event.stored, event.now);
      const listed: RoomState = {
        ...r,
        stored: event.stored,
        ...stalls,
        streamError: r.streamError === 'failedToProcessMessages' ? null : r.streamError,
      };
      return loadedOnce(state, landedAfterAll(listed));
    }
    case 'messages-unreadable':
      return shown ? loadedOnce(state, { ...r, streamError: 'failedToProcessMessages' }) : r;
    case 'stream-failed': {
      if (!shown) return r;
      const failed = loadedOnce(state, {
        ...r,
        streamError: 'failedToListen',
        failure: event.error,
        reconnecting: false,
        streamFailed: true,
      });
      // The server no longer has this conversation (or no longer lets this visitor read it): the
      // session resolves again rather than leave the visitor in front of an error (§4 step 5). The
      // effect runner moves on when this turns true and the room may be left.
      const gone = conversationRefusal(event.error, 'listen') === 'gone';
      return gone && !failed.goneHandled ? { ...failed, goneHandled: true } : failed;
    }
    case 'stream-state': {
      if (!shown || r.reconnecting === event.reconnecting) return r;
      return { ...r, reconnecting: event.reconnecting };
    }
    case 'stall-check': {
      const stalled = new Set(r.stalled);
      for (const [id, growth] of r.growth) if (event.now - growth.at >= STALLED_REPLY_MS) stalled.add(id);
      return stalled.size === r.stalled.size ? r : { ...r, stalled };
    }
    case 'message-added':
      return converse({ ...r, outbox: [...r.outbox, event.item] }, { type: 'action-started' });
    case 'message-retried': {
      const item = r.outbox.find((i) => i.id === event.id);
      if (!item) return r;
      const outbox = [
        ...r.outbox.filter((i) => i.id !== event.id),
        { ...item, delivery: 'sending' as const },
      ];
      return converse({ ...r, outbox }, { type: 'action-started' });
    }
    case 'delivery':
      return { ...r, outbox: patched(r.outbox, event.id, event.delivery) };
    case 'message-saved':
      return converse(
        { ...r, outbox: patched(r.outbox, event.id, 'sent') },
        { type: 'awaiting-reply', afterMessageId: event.afterMessageId },
      );
    case 'save-failed':
      return converse(
        { ...r, failures: r.failures + 1, outbox: patched(r.outbox, event.id, 'failed') },
        { type: 'failed', alert: 'failedToSendMessage' },
      );
    case 'leaving':
      return r.left ? r : { ...r, left: true };
    case 'leave-failed':
      return {
        ...r,
        left: false,
        failures: r.failures + 1,
        outbox: r.outbox.map((i) => (i.delivery === 'sending' ? { ...i, delivery: 'failed' } : i)),
      };
    case 'feed-posting':
      return r.feedPosted ? r : { ...r, feedPosted: true };
    case 'conversation': {
      const answered = event.action.type === 'reply-received' || event.action.type === 'interrupt-received';
      return converse(answered ? { ...r, assistantAnswered: true } : r, event.action);
    }
  }
}

function resolved(state: SessionState, event: Extract<SessionEvent, { type: 'resolved' }>): SessionState {
  if (state.opening?.seq !== event.seq) return state;
  const done: SessionState = { ...state, opening: null };
  const { resolution } = event;
  switch (resolution.kind) {
    case 'redirect':
      return { ...done, navigateTo: { conversationId: resolution.conversationId } };
    case 'ready': {
      const entered = enter(done, resolution.conversation, null, [], resolution.created);
      return resolution.conversation.id !== event.requested
        ? { ...entered, navigateTo: { conversationId: resolution.conversation.id } }
        : entered;
    }
    case 'closed':
      return {
        ...done,
        conversationStatus: { status: 'closed' },
        ...(resolution.strayConversationId ? { navigateTo: { conversationId: null } } : {}),
      };
    case 'failed':
      return { ...done, conversationStatus: { status: 'error', error: 'failedToCreateConversation' } };
    case 'unreadable':
      // The thread is kept: the URL and the tab still name it, so a reload tries again.
      return {
        ...done,
        conversationStatus: {
          status: 'error',
          error: 'failedToListen',
          ...(event.requested ? { conversationId: event.requested } : {}),
        },
      };
  }
}

/**
 * Shows `conversation` (nothing changes when it is shown already) in a new room whose outbox holds
 * what the previous one `carried` (`outbox`: those items under their new ids) and whose draft is the
 * carried one. The room left keeps what is under way there, without its stored messages.
 */
function enter(
  state: SessionState,
  conversation: Conversation,
  carried: Carry | null,
  outbox: OutboxItem[],
  fresh: boolean,
): SessionState {
  const previous = shownRoom(state);
  if (previous?.conversation.id === conversation.id) return state;
  const key = Object.keys(state.rooms).length + 1;
  const room: RoomState = {
    key,
    conversation,
    fresh,
    loaded: false,
    stored: [],
    streamError: null,
    failure: null,
    reconnecting: false,
    streamFailed: false,
    outbox,
    conversationState: initialConversationState,
    failures: 0,
    left: false,
    carried,
    carriedSent: false,
    assistantAnswered: false,
    goneHandled: false,
    feedPosted: false,
    growth: new Map(),
    stalled: new Set(),
  };
  const rooms = { ...state.rooms, [key]: room };
  if (previous) rooms[previous.key] = { ...previous, stored: [], growth: new Map(), stalled: new Set() };
  return {
    ...state,
    rooms,
    shown: key,
    draft: carried?.draft ?? '',
    conversationStatus: { status: 'ready', conversation },
  };
}

function withRoom(state: SessionState, room: RoomState): SessionState {
  return { ...state, rooms: { ...state.rooms, [room.key]: room } };
}

function converse(r: RoomState, action: ConversationAction): RoomState {
  const conversationState = conversationReducer(r.conversationState, action);
  return conversationState === r.conversationState ? r : { ...r, conversationState };
}

function patched(outbox: OutboxItem[], id: string, delivery: Delivery): OutboxItem[] {
  return outbox.map((item) => (item.id === id ? { ...item, delivery } : item));
}

/**
 * The first list arrived (or the stream failed first): what the last answer offered comes back, and
 * the carried messages are to go out — the effect runner puts them in the line when `carriedSent`
 * turns true.
 */
function loadedOnce(state: SessionState, r: RoomState): RoomState {
  if (r.loaded) return r;
  let room: RoomState = { ...r, loaded: true };
  if (!room.conversationState.restored) {
    const pending = pendingInterrupt(room.stored, room.conversationState) !== null;
    room = converse(room, {
      type: 'restored',
      smartReplies: pending ? state.interruptReplies : restoredSmartReplies(room.stored).map(offeredReply),
    });
  }
  if (state.chatEnabled && !room.carriedSent) room = { ...room, carriedSent: true };
  return room;
}

/**
 * A save reported failed (it timed out) that reached the server after all: its stored copy is here
 * under its id, so it is sent, and the reply to it waited for — the effect runner asks the assistant
 * about each item this turns from 'failed' to 'sent'.
 */
function landedAfterAll(r: RoomState): RoomState {
  const ids = new Set(r.stored.map((m) => m.id));
  let room = r;
  for (const item of r.outbox) {
    if (item.delivery !== 'failed' || !ids.has(item.id)) continue;
    room = converse(
      { ...room, outbox: patched(room.outbox, item.id, 'sent') },
      { type: 'awaiting-reply', afterMessageId: item.id },
    );
  }
  return room;
}

/**
 * Notes which streaming replies of `stored` grew (by the page's clock, `now`) and forgets those that
 * ended: a reply that grows again is shown streaming again (stalled-replies.ts).
 */
function grown(r: RoomState, stored: Message[], now: number): Pick<RoomState, 'growth' | 'stalled'> {
  const growth = new Map<string, ReplyGrowth>();
  const stalled = new Set<string>();
  for (const message of stored) {
    if (!message.streaming) continue;
    const seen = r.growth.get(message.id);
    if (!seen || seen.length !== message.text.length) {
      growth.set(message.id, { length: message.text.length, at: now });
    } else {
      growth.set(message.id, seen);
      if (r.stalled.has(message.id)) stalled.add(message.id);
    }
  }
  return { growth, stalled };
}
