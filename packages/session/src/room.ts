/**
 * One conversation's part of a chat session: what the session holds for the conversation it shows
 * (it keeps one at a time), made fresh on entering a conversation and closed on leaving it.
 */
import type { Conversation, Message } from '@chat/core';
import { initialConversationState, type ConversationState } from './conversation-state.js';
import { carriedItems, type Carry, type OutboxItem } from './outbox.js';
import { stopStallTimer, type ReplyGrowth } from './stalled-replies.js';
import type { RoomSnapshot } from './session-view.js';

export interface Room {
  conversation: Conversation;
  unsubscribe: (() => void) | null;
  loaded: boolean;
  /**
   * Created by the session's resolution just now: nothing can be in it, so its (empty) list is known
   * without waiting for the live stream's first answer, and the visitor can write at once (decision 0021).
   */
  fresh: boolean;
  stored: Message[];
  streamError: RoomSnapshot['streamError'];
  failure: RoomSnapshot['failure'];
  reconnecting: boolean;
  outbox: OutboxItem[];
  /** Smart replies, the reply waited for, the pending interrupt, the alert (conversation-state.ts). */
  conversationState: ConversationState;
  /** The outbox's line (inLine): one message saved at a time, in the order sent. */
  line: Promise<unknown>;
  /** Failures so far: a task queued before the latest failure does not go ahead of the failed one. */
  failures: number;
  /** The session is leaving this conversation: tasks still in line end as 'carried'. */
  left: boolean;
  /** What the previous conversation handed over (null when none). */
  carried: Carry | null;
  carriedSent: boolean;
  /** The assistant has answered here (see mayLeave). */
  assistantAnswered: boolean;
  goneHandled: boolean;
  feedPosted: boolean;
  overdue: ReturnType<typeof setTimeout> | null;
  /** Streaming replies: when each last grew (stalled-replies.ts). */
  growth: Map<string, ReplyGrowth>;
  /** Streaming replies that have not grown for STALLED_REPLY_MS: shown as cut. */
  stalled: Set<string>;
  stallTimer: ReturnType<typeof setTimeout> | null;
}

/** The room for `conversation`, its outbox holding what the previous one `carried` (under new ids). */
export function newRoom(conversation: Conversation, carried: Carry | null, newId: () => string): Room {
  return {
    conversation,
    unsubscribe: null,
    loaded: false,
    fresh: false,
    stored: [],
    streamError: null,
    failure: null,
    reconnecting: false,
    outbox: carried ? carriedItems(carried, newId) : [],
    conversationState: initialConversationState,
    line: Promise.resolve(),
    failures: 0,
    left: false,
    carried,
    carriedSent: false,
    assistantAnswered: false,
    goneHandled: false,
    feedPosted: false,
    overdue: null,
    growth: new Map(),
    stalled: new Set(),
    stallTimer: null,
  };
}

/** Stops the room's live stream and its reply timer. */
export function closeRoom(r: Room): void {
  r.unsubscribe?.();
  r.unsubscribe = null;
  if (r.overdue) clearTimeout(r.overdue);
  r.overdue = null;
  stopStallTimer(r);
}

/**
 * Whether the session may leave `r` by itself. Not a conversation it has just moved to until the
 * assistant has answered there: whatever the server does, the session never replaces one
 * conversation with the next in a loop — it shows the §8 error instead.
 */
export function mayLeave(r: Room): boolean {
  return r.carried === null || r.assistantAnswered;
}

/**
 * Runs `task` after every task already in `r`'s line (the outbox's line, which a move to a new
 * conversation also waits in), whatever they ended in.
 */
export function inLine<T>(r: Room, task: () => Promise<T>): Promise<T> {
  const done = r.line.then(task);
  r.line = done.catch(() => undefined);
  return done;
}
