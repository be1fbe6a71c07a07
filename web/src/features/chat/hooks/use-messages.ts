import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { type Message } from '@chat/core';
import { ERROR_TEXT } from '../../../lib/i18n/active-text.js';
import { useServices } from '../../../lib/services/services-context.js';
import { processMessages } from './process-messages.js';

export interface MessagesState {
  /** 'loading' until the first snapshot (or failure) arrives. */
  status: 'loading' | 'ready';
  /** The visible messages, ordered by createdAt. */
  messages: Message[];
  /** 'Failed to listen to chat messages' or 'Failed to process chat messages', until dismissed. */
  error: string | null;
  /** The stream dropped and is coming back ('Reconnecting…'); messages missed meanwhile follow. */
  reconnecting: boolean;
  dismissError(): void;
}

/**
 * The conversation's messages, streamed live (§3, §7). A failed subscription is reported once with
 * `onListenError` so the page can offer 'Refresh Page' and 'Contact Support'. A snapshot that cannot
 * be processed leaves the last good list on screen.
 */
export function useMessages(conversationId: string, onListenError: () => void): MessagesState {
  const { data } = useServices();
  const [state, setState] = useState<Omit<MessagesState, 'dismissError'>>({
    status: 'loading',
    messages: [],
    error: null,
    reconnecting: false,
  });

  const reportListenError = useEffectEvent(() => onListenError());

  useEffect(() => {
    let active = true;
    const unsubscribe = data.subscribeToMessages(conversationId, {
      next(snapshot) {
        if (!active) return;
        try {
          const messages = processMessages(snapshot);
          setState((s) => ({
            ...s,
            status: 'ready',
            messages,
            error: s.error === ERROR_TEXT.failedToProcessMessages ? null : s.error,
          }));
        } catch (error) {
          console.error('A messages snapshot could not be processed', error);
          setState((s) => ({ ...s, status: 'ready', error: ERROR_TEXT.failedToProcessMessages }));
        }
      },
      error(error) {
        if (!active) return;
        console.error('The messages subscription failed', error);
        setState((s) => ({ ...s, status: 'ready', error: ERROR_TEXT.failedToListen, reconnecting: false }));
        reportListenError();
      },
      state(streamState) {
        if (!active) return;
        setState((s) => ({ ...s, reconnecting: streamState === 'reconnecting' }));
      },
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [data, conversationId]);

  const dismissError = useCallback(() => setState((s) => ({ ...s, error: null })), []);
  return { ...state, dismissError };
}
