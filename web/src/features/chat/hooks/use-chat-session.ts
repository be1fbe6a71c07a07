/**
 * The chat page's one binding to its ChatSession (@chat/session): the session is made once per
 * business for the conversation the URL names (so its first state already says what the page shows),
 * read with useSyncExternalStore, listens while the page is mounted, opens the conversation a changed
 * URL names, and the URL follows the session's moves (`onNavigate`). The §4 special texts
 * that act on the browser ('refresh page', 'contact support') are handled here; the rest is the
 * session's.
 */
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { specialActionFor, type Business, type OfferedSmartReply, type SpecialAction } from '@chat/core';
import {
  createChatSession,
  type ChatSession,
  type ChatSessionState,
  type ConnectionHints,
} from '@chat/session';
import { HIDDEN_TAB_FRAME_MS } from '../../../lib/after-next-paint.js';
import { chatPath } from '../../../lib/chat-paths.js';
import { LANGUAGE_TAG, REPLY_TEXT, UI_TEXT } from '../../../lib/i18n/active-text.js';
import { useServices } from '../../../lib/services/services-context.js';

export interface ChatSessionBinding {
  state: ChatSessionState;
  session: ChatSession;
  /** Text from the composer or a suggested question: a special text (§4), else the visitor's message. */
  submit(text: string): Promise<void>;
  /**
   * A smart reply: its special action (by its `action` field, never its words), else the session's
   * (an answer to a pending interrupt, or a message).
   */
  chooseReply(reply: OfferedSmartReply): Promise<void>;
}

/**
 * The browser's `online` event, a hint that makes the session try a save that got no answer again
 * sooner. Nothing reads navigator.onLine: it is false on a laptop with Wi-Fi off whose page and server
 * are on localhost, and wrong elsewhere too; the session learns a lost connection from its requests
 * (issue 28, @chat/session connection.ts).
 */
const browserHints: ConnectionHints = {
  onMaybeBack(listener) {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
};

/**
 * Before the next paint: requestAnimationFrame, and a timer as well, since a hidden tab runs no
 * animation frames and its live messages must still be taken in (whichever comes first runs it).
 */
function beforeNextPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, HIDDEN_TAB_FRAME_MS);
}

export function useChatSession(
  business: Business,
  urlConversationId: string | undefined,
): ChatSessionBinding {
  const { data, auth, chat, storage, config, browser } = useServices();
  const [session] = useState(() =>
    createChatSession({
      data,
      auth,
      chat,
      business,
      storage,
      // Given at creation, not in an effect after the first paint: the first frame already knows
      // whether the conversation starts new (its welcome, decision 0021) or is read ('Loading...').
      conversationId: urlConversationId,
      texts: UI_TEXT,
      replyTexts: REPLY_TEXT,
      // The assistant answers in the page's language (a demo scenario's `reply: { en: …, es: … }`).
      language: LANGUAGE_TAG,
      deadlines: config,
      readRetryDelaysMs: config.readRetryDelaysMs,
      connectionHints: browserHints,
      nextFrame: beforeNextPaint,
    }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);

  // A URL that changes later (the back button, a link) names the conversation to show; the one the
  // session was made for is resolved by start() and opening it again does nothing.
  useEffect(() => {
    session.open(urlConversationId);
  }, [session, urlConversationId]);

  // The URL names the conversation the session moved to, keeping the query string so a pending
  // `question` or `i` still gets sent. Only when it moves: the visitor's own navigation is left alone.
  // Followed from the session's move itself (told right after the state it leads to), not an effect
  // after rendering, so the URL and the conversation change in the same render (a query parameter
  // removed meanwhile keeps the new path).
  const follow = useEffectEvent((conversationId: string | null) => {
    if ((conversationId ?? undefined) !== urlConversationId) {
      navigate(chatPath(business.id, conversationId, search), { replace: true });
    }
  });
  useEffect(() => session.onNavigate((conversationId) => follow(conversationId)), [session]);

  /** Runs a §4 special action; false when there is none (an ordinary message). */
  const special = useCallback(
    async (action: SpecialAction | null): Promise<boolean> => {
      switch (action) {
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
      // §4: a typed special text ('try again', any case) acts as the smart reply would.
      if (!(await special(specialActionFor(text)))) await session.send(text);
    },
    [special, session],
  );
  const chooseReply = useCallback(
    async (reply: OfferedSmartReply) => {
      const action = reply.action === 'decline' ? null : (reply.action ?? null);
      if (!(await special(action))) await session.chooseSmartReply(reply);
    },
    [special, session],
  );

  return { state, session, submit, chooseReply };
}
