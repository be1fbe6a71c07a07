/**
 * The one place the session's effects are started and stopped in response to its transitions
 * (session-state.ts): after each one, it
 * - keeps the live stream of the room shown open while the session is started (live-stream.ts), and
 *   closes it otherwise;
 * - keeps the typing indicator's grace timer armed while an answered reply is waited for
 *   (REPLY_MESSAGE_GRACE_MS), and the stall timer armed for the next streaming reply to stop growing
 *   (STALLED_REPLY_MS);
 * - starts the resolution of the conversation asked for (`opening`) once the session is started —
 *   the one it was made for at its first start, each later `open` as it comes;
 * - starts what a transition asks for: the messages carried from the previous conversation go into
 *   the outbox's line once the room has loaded; a save reported failed that shows up stored is asked
 *   about; a conversation the live stream says is gone is left for a new one.
 *
 * Its fields are effect handles only — the stream's unsubscribe function and the timers' ids, each
 * with the state it was started for, so a transition that changes that state replaces it, and the
 * number of the last resolution started. What the session knows is all in the state.
 */
import { answer } from './assistant-answers.js';
import { leaveRoom, resolveOpening } from './conversation-moves.js';
import { openStream } from './live-stream.js';
import { queue } from './outbox-delivery.js';
import { REPLY_MESSAGE_GRACE_MS, type EffectRunner, type SessionMachine } from './session-machine.js';
import { mayLeave, nextStallAt, shownRoom, type Awaiting, type SessionState } from './session-state.js';

interface Armed<T> {
  /** What the handle was started for. */
  for: T;
  stop(): void;
}

export function createEffectRunner(m: SessionMachine): EffectRunner {
  let stream: Armed<number> | null = null;
  let overdue: Armed<Awaiting> | null = null;
  let stall: Armed<string> | null = null;
  /** The opening whose resolution was started last (its `seq`): each is started once. */
  let resolving = 0;

  /** Replaces `armed` by what `want` needs (nothing when null); keeps it when it is for `want` already. */
  function reconcile<T>(armed: Armed<T> | null, want: T | null, arm: (want: T) => Armed<T>): Armed<T> | null {
    if (armed && armed.for === want) return armed;
    armed?.stop();
    return want === null ? null : arm(want);
  }

  function timer<T>(want: T, ms: number, fire: () => void): Armed<T> {
    const id = setTimeout(fire, ms);
    return { for: want, stop: () => clearTimeout(id) };
  }

  function reconcileHandles(state: SessionState): void {
    const room = state.started ? shownRoom(state) : null;

    stream = reconcile(stream, room && !room.streamFailed ? room.key : null, (key) => {
      const stop = openStream(m, key);
      m.dispatch({ type: 'stream-opened', room: key });
      return { for: key, stop };
    });

    const awaiting = room?.conversationState.awaiting;
    overdue = reconcile(overdue, room && awaiting?.answered ? awaiting : null, (waited) =>
      timer(waited, REPLY_MESSAGE_GRACE_MS, () => {
        overdue = null;
        m.dispatch({ type: 'conversation', room: room!.key, action: { type: 'reply-overdue' } });
      }),
    );

    const stallAt = room ? nextStallAt(room) : null;
    stall = reconcile(stall, stallAt === null ? null : `${room!.key}@${stallAt}`, (armedFor) =>
      timer(armedFor, Math.max(0, stallAt! - Date.now()), () => {
        stall = null;
        m.dispatch({ type: 'stall-check', room: room!.key, now: Date.now() });
        // A timer can fire a moment before the page's clock reaches its deadline: nothing stalled
        // then, the state did not change, and the timer is armed again for what is left.
        reconcileHandles(m.state);
      }),
    );
  }

  return {
    react(prev, next, event, start) {
      reconcileHandles(next);
      const { opening } = next;
      if (next.started && opening && opening.seq !== resolving) {
        resolving = opening.seq;
        start(() => resolveOpening(m, opening.seq, opening.key));
      }
      if (!('room' in event)) return;
      const before = prev.rooms[event.room];
      const after = next.rooms[event.room];
      if (!before || !after) return;
      const key = after.key;
      // A save reported failed whose stored copy has arrived: the assistant is asked about it.
      if (event.type === 'messages-listed') {
        for (const item of after.outbox) {
          const was = before.outbox.find((i) => i.id === item.id);
          if (was?.delivery === 'failed' && item.delivery === 'sent') start(() => void answer(m, key, item));
        }
      }
      // The room has loaded: what the previous conversation carried goes out, in order.
      if (!before.carriedSent && after.carriedSent) {
        for (const item of after.outbox) {
          if (item.delivery === 'sending') start(() => void queue(m, key, item.id));
        }
      }
      // The server no longer has the conversation: the session moves on, after what is in line.
      if (!before.goneHandled && after.goneHandled && mayLeave(after)) {
        start(() => void m.inLine(key, () => leaveRoom(m, key, null)));
      }
    },
  };
}
