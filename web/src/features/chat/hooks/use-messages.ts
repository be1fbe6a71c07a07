import { useCallback, useEffect, useState } from 'react';
import { type Message, type ProviderError } from '@chat/core';
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
  /**
   * Why the live subscription ended, if it failed: it stays failed (dismissing the alert does not
   * mend it), so what is offered for it — 'Refresh Page', 'Contact Support' — stays too.
   */
  failure: ProviderError | null;
  /** The stream dropped and is coming back ('Reconnecting…'); messages missed meanwhile follow. */
  reconnecting: boolean;
  dismissError(): void;
}

/**
 * The conversation's messages, streamed live (§3, §7). A failed subscription is kept as `failure`
 * so the page can offer 'Refresh Page' and 'Contact Support' — or, when the conversation is gone,
 * move on. A snapshot that cannot be processed leaves the last good list on screen.
 */
export function useMessages(conversationId: string): MessagesState {
  const { data } = useServices();
  const [state, setState] = useState<Omit<MessagesState, 'dismissError'>>({
    status: 'loading',
    messages: [],
    error: null,
    failure: null,
    reconnecting: false,
  });

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
        setState((s) => ({
          ...s,
          status: 'ready',
          error: ERROR_TEXT.failedToListen,
          failure: error,
          reconnecting: false,
        }));
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
