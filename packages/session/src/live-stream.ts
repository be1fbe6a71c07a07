/**
 * The live stream of the conversation shown: its lists of stored messages, its failures (a
 * conversation the server no longer has is left for a new one) and its reconnecting state. The first
 * list restores what the last answer offered and sends what a previous conversation carried over; a
 * save reported failed that shows up in a list landed after all, and is asked about.
 */
import { isChatEnabled, offeredReply, restoredSmartReplies } from '@chat/core';
import { answer } from './assistant-answers.js';
import { conversationRefusal } from './conversation-refusal.js';
import { leaveRoom } from './conversation-moves.js';
import { conversationReducer, pendingInterrupt } from './conversation-state.js';
import { queue } from './outbox-delivery.js';
import { processMessages } from './process-messages.js';
import { inLine, mayLeave, type Room } from './room.js';
import { changed, type SessionCore } from './session-core.js';
import { watchStalls } from './stalled-replies.js';

/** Subscribes to `r`'s messages, unless it is subscribed already or the session is stopped. */
export function listen(s: SessionCore, r: Room): void {
  if (r.unsubscribe || !s.started) return;
  r.unsubscribe = s.data.subscribeToMessages(r.conversation.id, {
    next(snapshot) {
      try {
        r.stored = processMessages(snapshot);
        watchStalls(r, () => {
          if (r === s.room) changed(s);
        });
        if (r.streamError === 'failedToProcessMessages') r.streamError = null;
        landedAfterAll(s, r);
      } catch (error) {
        console.error('A messages snapshot could not be processed', error);
        r.streamError = 'failedToProcessMessages';
      }
      loadedOnce(s, r);
      if (r === s.room) changed(s);
    },
    error(error) {
      console.error('The messages subscription failed', error);
      r.streamError = 'failedToListen';
      r.failure = error;
      r.reconnecting = false;
      r.unsubscribe = null;
      loadedOnce(s, r);
      if (r === s.room) changed(s);
      // The server no longer has this conversation (or no longer lets this visitor read it): the
      // session resolves again rather than leave the visitor in front of an error (§4 step 5).
      if (conversationRefusal(error, 'listen') === 'gone' && !r.goneHandled) {
        r.goneHandled = true;
        if (mayLeave(r)) void inLine(r, () => leaveRoom(s, r, null));
      }
    },
    state(streamState) {
      r.reconnecting = streamState === 'reconnecting';
      if (r === s.room) changed(s);
    },
  });
  if (r.fresh) loadedOnce(s, r);
}

/** The first list arrived: what the last answer offered comes back, and carried messages go out. */
function loadedOnce(s: SessionCore, r: Room): void {
  if (r.loaded) return;
  r.loaded = true;
  if (!r.conversationState.restored) {
    const pending = pendingInterrupt(r.stored, r.conversationState) !== null;
    r.conversationState = conversationReducer(r.conversationState, {
      type: 'restored',
      smartReplies: pending ? s.replies.interrupt : restoredSmartReplies(r.stored).map(offeredReply),
    });
  }
  if (isChatEnabled(s.business) && !r.carriedSent) {
    r.carriedSent = true;
    for (const item of r.outbox) if (item.delivery === 'sending') void queue(s, r, item.id);
  }
}

/**
 * A save reported failed (it timed out) that reached the server after all: its stored copy is here
 * under its id, so it is sent, and the assistant is asked about it as after any save.
 */
function landedAfterAll(s: SessionCore, r: Room): void {
  const ids = new Set(r.stored.map((m) => m.id));
  for (const item of r.outbox) {
    if (item.delivery !== 'failed' || !ids.has(item.id)) continue;
    r.outbox = r.outbox.map((i) => (i.id === item.id ? { ...i, delivery: 'sent' } : i));
    r.conversationState = conversationReducer(r.conversationState, {
      type: 'awaiting-reply',
      afterMessageId: item.id,
    });
    void answer(s, r, item);
  }
}
