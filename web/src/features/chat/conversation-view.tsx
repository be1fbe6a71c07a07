/**
 * The body of the chat page for one resolved conversation: the message area, smart replies,
 * suggested questions and the composer. The page renders it with the conversation id as its key,
 * so switching conversations (re-creation, 'New chat') starts from a clean slate: no old messages,
 * smart replies, interrupt or alert can leak into the new one.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  isConversationExpired,
  restoredSmartReplies,
  isChatEnabled,
  type Business,
  type Conversation,
  type SmartReply,
  type SuggestedQuestion,
} from '@chat/core';
import { ERROR_TEXT, PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { Composer } from '../composer/composer.js';
import { useServices } from '../../lib/services/services-context.js';
import { useFocusRescue } from '../../lib/use-focus-rescue.js';
import { ChatAlerts, type ChatAlert } from './components/chat-alerts.js';
import { ConnectionStatus } from './components/connection-status.js';
import { EmptyState } from './components/empty-state.js';
import { MessageList } from './components/message-list.js';
import { SmartReplies } from './components/smart-replies.js';
import { SuggestedQuestions } from './components/suggested-questions.js';
import { TypingIndicator } from './components/typing-indicator.js';
import {
  INTERRUPT_SMART_REPLIES,
  LISTEN_FAILURE_SMART_REPLIES,
  chatReducer,
  initialChatState,
  isTyping,
  pendingInterrupt,
} from './hooks/chat-state.js';
import { useServerClock } from './chat-calls-provider.js';
import { conversationRefusal } from './hooks/conversation-refusal.js';
import { listedMessages } from './hooks/listed-messages.js';
import type { Carry } from './hooks/outbox.js';
import { useAutoScroll } from './hooks/use-auto-scroll.js';
import { useBrowserOnline } from './hooks/use-browser-online.js';
import { useChatActions } from './hooks/use-chat-actions.js';
import { useMessages } from './hooks/use-messages.js';
import { useEmbedHost } from './hooks/use-embed-host.js';
import { useQueryParamMessages } from './hooks/use-query-param-messages.js';
import { useTypingFallback } from './hooks/use-typing-fallback.js';

// Focusing the message box (on load, or when a used choice takes the focus away with it) helps with
// a mouse and keyboard; on touch screens it would open the on-screen keyboard over the welcome text or
// the answer, so it is left to the visitor there.
const FOCUS_ON_LOAD =
  typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;

export function ConversationView({
  business,
  conversation,
  onNewChat,
  onMoveOn,
  carried,
  pageAlert,
}: {
  business: Business;
  conversation: Conversation;
  onNewChat(): void;
  /**
   * Continues in a new conversation with what this one had not sent: it expired while the page was
   * open, or the server no longer has it. False when none could be created.
   */
  onMoveOn(carry: Carry): Promise<boolean>;
  /** What the conversation the page left handed over to this one (sent here once ready). */
  carried: Carry | null;
  /** An alert raised above this view (a failed 'New chat'), shown with the others. */
  pageAlert: ChatAlert | null;
}) {
  const { auth, config } = useServices();
  const clock = useServerClock();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stored = useMessages(conversation.id);
  const interrupt = pendingInterrupt(stored.messages, state);
  const chatEnabled = isChatEnabled(business);
  const draft = useRef(carried?.draft ?? '');
  const readDraft = useCallback(() => draft.current, []);
  const keepDraft = useCallback((text: string) => {
    draft.current = text;
  }, []);
  const actions = useChatActions({
    business,
    conversationId: conversation.id,
    messages: stored.messages,
    interrupt,
    dispatch,
    onNewChat,
    isExpired: () => isConversationExpired(conversation, clock.now()),
    onMoveOn,
    carried,
    ready: stored.status === 'ready' && chatEnabled,
    draft: readDraft,
  });
  // The server no longer has this conversation (or no longer lets this visitor read it): the page
  // resolves again rather than leave the visitor in front of an error (§4 step 5). When it may not
  // (it has just moved here), the failure shows with its way out, as any other.
  const gone = stored.failure !== null && conversationRefusal(stored.failure, 'listen') === 'gone';
  const leaving = gone && actions.mayLeave;
  const { leaveGone } = actions;
  const left = useRef(false);
  useEffect(() => {
    if (!gone || left.current) return;
    left.current = true;
    leaveGone();
  }, [gone, leaveGone]);
  // Reopening a conversation (a reload, 'Refresh Page', a reopened tab) puts back what its last
  // answer offered: the pending interrupt's replies, else the latest assistant message's stored ones.
  const restoreReplies =
    stored.status === 'ready' && !state.restored
      ? interrupt
        ? INTERRUPT_SMART_REPLIES
        : restoredSmartReplies(stored.messages)
      : null;
  useEffect(() => {
    if (restoreReplies) dispatch({ type: 'restored', smartReplies: restoreReplies });
  }, [restoreReplies]);
  const online = useBrowserOnline();
  useQueryParamMessages(stored.status === 'ready' && chatEnabled, actions.sendMessage);
  useEmbedHost({
    messages: stored.messages,
    loaded: stored.status === 'ready',
    canSend: stored.status === 'ready' && chatEnabled,
    send: actions.sendMessage,
  });

  const shown = listedMessages(stored.messages, interrupt, actions.outbox);
  const typing = isTyping(state.awaiting, stored.messages);
  useTypingFallback(state.awaiting, dispatch);
  const empty = stored.status === 'ready' && shown.length === 0;
  // The stream's way out ('Refresh Page', 'Contact Support') stays as long as the stream is broken,
  // whatever the visitor does meanwhile (§8).
  const smartReplies = stored.failure && !leaving ? LISTEN_FAILURE_SMART_REPLIES : state.smartReplies;
  // While the page is moving on from a conversation that is gone, its listen failure is no news.
  const streamError = leaving && stored.error === ERROR_TEXT.failedToListen ? null : stored.error;
  const alerts: ChatAlert[] = [
    ...(streamError ? [{ key: 'messages', text: streamError, onDismiss: stored.dismissError }] : []),
    ...(state.alert ? [{ key: 'action', text: state.alert, onDismiss: actions.dismissAlert }] : []),
    ...(pageAlert ? [pageAlert] : []),
  ];
  const last = shown.at(-1);
  const scroll = useAutoScroll<HTMLDivElement>(
    `${shown.length}:${last?.id}:${last?.text.length}:${typing}:${alerts.length}:${smartReplies.length}`,
  );

  // Choices that go away once used (suggested questions, smart replies, the phone widget) leave the
  // keyboard focus on the message box (the message area where focusing the box would open an
  // on-screen keyboard, or while it is disabled) instead of on <body>.
  const composerInput = useRef<HTMLTextAreaElement>(null);
  const main = useFocusRescue<HTMLElement>(() => [
    FOCUS_ON_LOAD ? composerInput.current : null,
    scroll.ref.current,
  ]);

  const onSmartReply = (reply: SmartReply) => actions.chooseSmartReply(reply);
  const onQuestion = (question: SuggestedQuestion) => actions.chooseSuggestedQuestion(question);

  return (
    <main className="chat-main" ref={main}>
      {/* Focusable so keyboard users can scroll the history even when it holds no links or buttons. */}
      <div
        className="chat-scroll"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        tabIndex={0}
        role="region"
        aria-label={PAGE_TEXT.messages}
      >
        <div className="chat-column chat-column--messages">
          {stored.status === 'loading' ? (
            <p className="chat-loading" role="status">
              {UI_TEXT.loading}
            </p>
          ) : null}
          {empty ? (
            <>
              <EmptyState businessName={business.businessName} />
              <SuggestedQuestions
                questions={business.suggestedQuestions}
                disabled={!chatEnabled}
                onSelect={onQuestion}
              />
            </>
          ) : null}
          <MessageList
            messages={shown}
            assistantName={config.assistantName}
            businessName={business.businessName}
            authPrompt={{
              auth,
              onSuccess: (user) => void actions.completeSignIn(user),
              onCancel: () => void actions.cancelSignIn(),
            }}
            onRetry={actions.retry}
          />
          {typing ? <TypingIndicator assistantName={config.assistantName} /> : null}
          <ChatAlerts alerts={alerts} />
        </div>
      </div>
      <div className="chat-footer">
        {scroll.showJump ? (
          <button type="button" className="chat-jump" onClick={scroll.jumpToLatest}>
            {PAGE_TEXT.jumpToLatest}
          </button>
        ) : null}
        <div className="chat-column">
          <ConnectionStatus reconnecting={!online || stored.reconnecting} />
          <SmartReplies replies={smartReplies} onSelect={onSmartReply} />
          <Composer
            ref={composerInput}
            disabled={!chatEnabled || interrupt !== null}
            placeholder={composerPlaceholder(chatEnabled, interrupt !== null)}
            onSend={(text) => void actions.submitText(text)}
            autoFocus={FOCUS_ON_LOAD}
            initialText={carried?.draft}
            onTextChange={keepDraft}
          />
        </div>
      </div>
    </main>
  );
}

/** The disabled composer says why (§6 first: an unapproved business blocks chatting for good). */
function composerPlaceholder(chatEnabled: boolean, interruptPending: boolean): string | undefined {
  if (!chatEnabled) return UI_TEXT.chatDisabledPlaceholder;
  return interruptPending ? PAGE_TEXT.interruptPendingPlaceholder : undefined;
}
