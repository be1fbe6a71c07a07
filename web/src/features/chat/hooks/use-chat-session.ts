/**
 * The chat page's one binding to its ChatSession (@chat/session): the session is made once per
 * business, read with useSyncExternalStore, listens while the page is mounted, opens the conversation
 * the URL names, and the URL follows the conversation the session settles on. The §4 special texts
 * that act on the browser ('refresh page', 'contact support') are handled here; the rest is the
 * session's.
 */
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { specialActionFor, type Business, type SmartReply } from '@chat/core';
import {
  createChatSession,
  type ChatSession,
  type ChatSessionState,
  type NetworkStatus,
} from '@chat/session';
import { chatPath } from '../../../lib/chat-paths.js';
import { LANGUAGE_TAG, UI_TEXT } from '../../../lib/i18n/active-text.js';
import { useServices } from '../../../lib/services/services-context.js';

export interface ChatSessionBinding {
  state: ChatSessionState;
  session: ChatSession;
  /** Text from the composer or a suggested question: a special text (§4), else the visitor's message. */
  submit(text: string): Promise<void>;
  /** A smart reply: a special text, else the session's (an answer to a pending interrupt, or a message). */
  chooseReply(reply: SmartReply): Promise<void>;
}

/** The browser's idea of the connection: offline is known at once, before the live stream notices. */
const browserNetwork: NetworkStatus = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  whenOnline: () =>
    browserNetwork.isOnline()
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
};

export function useChatSession(
  business: Business,
  urlConversationId: string | undefined,
): ChatSessionBinding {
  const { data, auth, chat, session: storage, config, browser } = useServices();
  const [session] = useState(() =>
    createChatSession({
      data,
      auth,
      chat,
      business,
      storage,
      texts: UI_TEXT,
      // The assistant answers in the page's language (a demo scenario's `reply: { en: …, es: … }`).
      language: LANGUAGE_TAG,
      deadlines: config,
      readRetryDelaysMs: config.readRetryDelaysMs,
      network: browserNetwork,
    }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);

  useEffect(() => {
    session.open(urlConversationId);
  }, [session, urlConversationId]);

  // The URL names the conversation the session moved to, keeping the query string so a pending
  // `question` or `i` still gets sent. Only when it moves: the visitor's own navigation is left alone.
  // Followed from the session's change itself, not an effect after rendering, so the URL and the
  // conversation change in the same render (a query parameter removed meanwhile keeps the new path).
  const follow = useEffectEvent((conversationId: string | null) => {
    if ((conversationId ?? undefined) !== urlConversationId) {
      navigate(chatPath(business.id, conversationId, search), { replace: true });
    }
  });
  useEffect(() => {
    let followed: ChatSessionState['navigateTo'] = null;
    const check = () => {
      const { navigateTo } = session.getState();
      if (navigateTo === followed) return;
      followed = navigateTo;
      if (navigateTo) follow(navigateTo.conversationId);
    };
    check();
    return session.subscribe(check);
  }, [session]);

  /** Runs a §4 special text; false when the text is an ordinary message. */
  const special = useCallback(
    async (text: string): Promise<boolean> => {
      switch (specialActionFor(text)) {
        case 'new-chat':
          await session.startNewConversation();
          return true;
        case 'try-again':
          await session.tryAgain();
          return true;
        case 'refresh-page':
          browser.reload();
          return true;
        case 'contact-support':
          browser.openInNewTab(config.supportFormUrl);
          return true;
        case null:
          return false;
      }
    },
    [session, browser, config.supportFormUrl],
  );

  const submit = useCallback(
    async (text: string) => {
      if (!(await special(text))) await session.send(text);
    },
    [special, session],
  );
  const chooseReply = useCallback(
    async (reply: SmartReply) => {
      if (!(await special(reply.text))) await session.chooseSmartReply(reply);
    },
    [special, session],
  );

  return { state, session, submit, chooseReply };
}
