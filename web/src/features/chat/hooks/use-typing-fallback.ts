import { useEffect, type Dispatch } from 'react';
import type { Awaiting, ChatAction } from './chat-state.js';

/**
 * How long the typing indicator waits, after the chat service has answered, for the reply's
 * message to appear. The message normally arrives within a second; an answer with no message at
 * all (or a live stream that stalled) must not leave the indicator up for good.
 */
export const REPLY_MESSAGE_GRACE_MS = 15_000;

/** Ends an answered wait whose message has not appeared within REPLY_MESSAGE_GRACE_MS. */
export function useTypingFallback(awaiting: Awaiting | null, dispatch: Dispatch<ChatAction>): void {
  const answered = awaiting?.answered === true;
  useEffect(() => {
    if (!answered) return;
    const timer = setTimeout(() => dispatch({ type: 'reply-overdue' }), REPLY_MESSAGE_GRACE_MS);
    return () => clearTimeout(timer);
    // A new wait (another message sent) is a new object: its grace period starts afresh.
  }, [answered, awaiting, dispatch]);
}
