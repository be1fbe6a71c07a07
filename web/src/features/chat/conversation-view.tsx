/**
 * The body of the chat page for one resolved conversation: the message area, smart replies,
 * suggested questions and the composer. The page renders it with the conversation id as its key,
 * so switching conversations (re-creation, 'New chat') starts from a clean slate: no old messages,
 * smart replies, interrupt or alert can leak into the new one.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { type Business, type OfferedSmartReply, type SuggestedQuestion } from '@chat/core';
import { ERROR_TEXT, PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import type { ChatSession } from '@chat/session';
import { Composer, type ComposerProps } from '../composer/composer.js';
import { peekEarlyComposer } from '../composer/early-composer.js';
import { useServices } from '../../lib/services/services-context.js';
import { useFocusRescue } from '../../lib/use-focus-rescue.js';
import { ChatAlerts, type ChatAlert } from './components/chat-alerts.js';
import { ConnectionStatus } from './components/connection-status.js';
import { EmptyState } from './components/empty-state.js';
import { MessageList } from './components/message-list.js';
import { SmartReplies } from './components/smart-replies.js';
import { SuggestedQuestions } from './components/suggested-questions.js';
import { TypingIndicator } from './components/typing-indicator.js';
import { useAutoScroll } from './hooks/use-auto-scroll.js';
import { useEarlyComposerHandover } from './hooks/use-early-composer-handover.js';
import type { ChatSessionBinding } from './hooks/use-chat-session.js';
import { useEmbedHost } from './hooks/use-embed-host.js';
import { useQueryParamMessages } from './hooks/use-query-param-messages.js';

// Focusing the message box (on load, or when a used choice takes the focus away with it) helps with
// a mouse and keyboard; on touch screens it would open the on-screen keyboard over the welcome text or
// the answer, so it is left to the visitor there.
const FOCUS_ON_LOAD =
  typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;

export function ConversationView({ business, binding }: { business: Business; binding: ChatSessionBinding }) {
  const { auth, config } = useServices();
  const { state, session, submit, chooseReply } = binding;
  const { interrupt, typing, smartReplies } = state;
  const { chatEnabled } = state;
  // What the visitor typed before the conversation existed (issue 31), read once.
  const [early] = useState(peekEarlyComposer);
  // An Enter before the conversation existed is sent as soon as the session can send, once; a message
  // that cannot be sent (§6) stays in the box.
  const earlyText = useEarlyComposerHandover(early, state.canSend && interrupt === null, chatEnabled, submit);
  const send = (text: string) => session.send(text);
  useQueryParamMessages(state.canSend, send);
  useEmbedHost({ messages: state.stored, loaded: state.loaded, canSend: state.canSend, send });

  const shown = state.messages;
  const empty = state.loaded && shown.length === 0;
  const alerts: ChatAlert[] = state.alerts.map((alert) => ({
    key: alert.source,
    text: ERROR_TEXT[alert.error],
    onDismiss: () => session.dismissAlert(alert.source),
  }));
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

  const onSmartReply = (reply: OfferedSmartReply) => chooseReply(reply);
  const onQuestion = (question: SuggestedQuestion) => submit(question.line1);

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
          {!state.loaded ? (
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
              onSuccess: (user) => void session.answerInterrupt(user),
              onCancel: () => void session.cancelInterrupt(),
            }}
            onRetry={(messageId) => void session.retry(messageId)}
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
          <ConnectionStatus reconnecting={state.reconnecting} />
          <SmartReplies replies={smartReplies} onSelect={onSmartReply} />
          <DraftComposer
            session={session}
            ref={composerInput}
            disabled={!chatEnabled || interrupt !== null}
            placeholder={composerPlaceholder(chatEnabled, interrupt !== null)}
            onSend={(text) => void submit(text)}
            autoFocus={FOCUS_ON_LOAD}
            initialCaret={earlyText.caret}
          />
        </div>
      </div>
    </main>
  );
}

/**
 * The composer showing the session's draft, its one owner. The draft is read here, not by the
 * conversation: a keystroke (and the box cleared by a send) renders the box, not the whole
 * conversation — on the send, that render runs before the message's requests leave.
 */
function DraftComposer({
  session,
  ...props
}: Omit<ComposerProps, 'text' | 'onTextChange'> & { session: ChatSession }) {
  const draft = useSyncExternalStore(session.subscribe, session.getDraft);
  return <Composer {...props} text={draft} onTextChange={session.setDraft} />;
}

/** The disabled composer says why (§6 first: an unapproved business blocks chatting for good). */
function composerPlaceholder(chatEnabled: boolean, interruptPending: boolean): string | undefined {
  if (!chatEnabled) return UI_TEXT.chatDisabledPlaceholder;
  return interruptPending ? PAGE_TEXT.interruptPendingPlaceholder : undefined;
}
