/**
 * The live stream of the conversation shown, as events: its lists of stored messages (processed;
 * one that cannot be read reported as such), its failure and its reconnecting state. What each means
 * — the first list restores what the last answer offered and releases what a previous conversation
 * carried over, a save reported failed that shows up in a list landed after all, a conversation the
 * server no longer has is left — is the reducer's (session-state.ts) and the effect runner's.
 */
import { processMessages } from './process-messages.js';
import type { SessionMachine } from './session-machine.js';

/**
 * Subscribes to room `room`'s messages; returns the function that stops it (nothing left to stop once
 * the stream has failed: the provider has dropped it).
 */
export function openStream(m: SessionMachine, room: number): () => void {
  let failed = false;
  let stopped = false;
  /**
   * One list per frame (ChatSessionOptions.nextFrame): the first list of a frame is shown at once, so
   * a reply's first words wait for nothing; lists that come later in the same frame (a reply streamed in
   * pieces faster than the screen paints) wait for the frame, and only the newest is shown. Each list
   * is the whole conversation, so skipping the ones in between loses nothing.
   */
  let held: { snapshot: unknown } | null = null;
  let inFrame = false;
  const show = (snapshot: unknown) => {
    inFrame = true;
    m.nextFrame(() => {
      inFrame = false;
      if (held && !stopped) showHeld();
    });
    let stored;
    try {
      stored = processMessages(snapshot);
    } catch (error) {
      console.error('A messages snapshot could not be processed', error);
      m.dispatch({ type: 'messages-unreadable', room });
      return;
    }
    m.dispatch({ type: 'messages-listed', room, stored, now: Date.now() });
  };
  const showHeld = () => {
    const { snapshot } = held!;
    held = null;
    show(snapshot);
  };
  const conversationId = m.state.rooms[room]!.conversation.id;
  const unsubscribe = m.data.subscribeToMessages(conversationId, {
    next(snapshot) {
      if (inFrame) held = { snapshot };
      else show(snapshot);
    },
    // A failure or a reconnect comes after the lists before it.
    error(error) {
      if (held) showHeld();
      console.error('The messages subscription failed', error);
      failed = true;
      m.dispatch({ type: 'stream-failed', room, error });
    },
    state(streamState) {
      if (held) showHeld();
      m.dispatch({ type: 'stream-state', room, reconnecting: streamState === 'reconnecting' });
    },
  });
  return () => {
    stopped = true;
    held = null;
    if (!failed) unsubscribe();
  };
}
