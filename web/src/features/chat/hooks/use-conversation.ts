import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Business, type Conversation } from '@chat/core';
import { ERROR_TEXT } from '../../../lib/i18n/active-text.js';
import { chatPath } from '../../../lib/chat-paths.js';
import { useServices } from '../../../lib/services/services-context.js';
import { useServerClock } from '../chat-calls-provider.js';
import { createConversationFor, resolveConversation, type Resolution } from './resolve-conversation.js';

export type ConversationState =
  | { status: 'resolving' }
  | { status: 'ready'; conversation: Conversation }
  | { status: 'error'; message: string; conversationId?: string };

export interface UseConversation {
  state: ConversationState;
  /**
   * Creates a fresh conversation and switches the page to it (URL /chat/{businessId}/{newId}).
   * `prepare` runs with it just before the switch, so state meant for the new conversation lands in
   * the same render. Rejects when it cannot be created; the current conversation then stays.
   */
  startNewConversation(prepare?: (conversation: Conversation) => void): Promise<Conversation>;
}

/**
 * The conversation the chat page shows (§4 "Conversation resolution"): the URL's id when it is
 * valid, else the session's id (by redirect), else a new one. Whenever a conversation is created the
 * session id is updated and the URL is replaced by /chat/{businessId}/{newId}, keeping the query
 * string so a pending `question` or `i` still gets sent.
 */
export function useConversation(business: Business, urlConversationId: string | undefined): UseConversation {
  const { data, auth, session, config } = useServices();
  // Expiry and the outside-hours flag are judged by the server's time (server-clock.ts).
  const now = useServerClock().now;
  const retryDelaysMs = config.readRetryDelaysMs;
  const navigate = useNavigate();
  const { search } = useLocation();
  const [state, setState] = useState<ConversationState>({ status: 'resolving' });
  // The conversation on screen, readable synchronously: after creating one we navigate to its URL,
  // and the effect below must recognise that URL as already resolved rather than look it up again.
  const shown = useRef<Conversation | null>(null);
  // One resolution per (business, URL id). StrictMode runs effects twice; both runs share this job
  // instead of creating two conversations.
  const job = useRef<{ key: string; promise: Promise<Resolution> } | null>(null);
  const creating = useRef<Promise<Conversation> | null>(null);

  const show = useCallback((conversation: Conversation) => {
    shown.current = conversation;
    setState({ status: 'ready', conversation });
  }, []);

  const apply = useEffectEvent((resolution: Resolution) => {
    switch (resolution.kind) {
      case 'redirect':
        navigate(chatPath(business.id, resolution.conversationId, search), { replace: true });
        return;
      case 'ready':
        show(resolution.conversation);
        if (resolution.conversation.id !== urlConversationId) {
          navigate(chatPath(business.id, resolution.conversation.id, search), { replace: true });
        }
        return;
      case 'failed':
        console.error('Creating a conversation failed', resolution.error);
        setState({ status: 'error', message: ERROR_TEXT.failedToCreateConversation });
        return;
      case 'unreadable':
        // The thread is kept: the URL and the session still name it, so a reload tries again.
        console.error('Reading the conversation failed after retries', resolution.error);
        setState({ status: 'error', message: ERROR_TEXT.failedToListen, conversationId: urlConversationId });
        return;
    }
  });

  useEffect(() => {
    const current = shown.current;
    if (urlConversationId && current?.id === urlConversationId && current.businessId === business.id) return;
    const key = `${business.id}/${urlConversationId ?? ''}`;
    if (job.current?.key !== key) {
      job.current = {
        key,
        promise: resolveConversation(business, urlConversationId, {
          data,
          auth,
          session,
          now,
          retryDelaysMs,
        }),
      };
    }
    const mine = job.current;
    let active = true;
    void mine.promise.then((resolution) => {
      if (!active) return;
      if (job.current === mine) job.current = null;
      apply(resolution);
    });
    return () => {
      active = false;
    };
  }, [business, urlConversationId, data, auth, session, now, retryDelaysMs]);

  const startNewConversation = useCallback(
    async (prepare?: (conversation: Conversation) => void): Promise<Conversation> => {
      // A double click (or the header button and a 'start a new chat' reply at once) makes one.
      creating.current ??= createConversationFor(business, { data, auth, session, now }).finally(() => {
        creating.current = null;
      });
      const conversation = await creating.current;
      prepare?.(conversation);
      show(conversation);
      navigate(chatPath(business.id, conversation.id, search), { replace: true });
      return conversation;
    },
    [business, data, auth, session, now, show, navigate, search],
  );

  return { state, startNewConversation };
}
