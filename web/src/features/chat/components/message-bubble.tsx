import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { fillText, visibleText, type AuthProvider, type ConfirmedUser } from '@chat/core';
import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import { formatMessageTime } from '../../../lib/i18n/format-time.js';
import { LazyAssistantMarkdown } from '../../../components/markdown/lazy-assistant-markdown.js';
import type { ListedMessage } from '@chat/session';

// The phone sign-in is code the first screen never runs: it loads (with its styles) when the assistant
// first asks for it, so it is not part of the page's first download (issue 11's page-weight budget).
const PhoneSignInWidget = lazy(() =>
  import('../../phone-sign-in/phone-sign-in-widget.js').then((module) => ({
    default: module.PhoneSignInWidget,
  })),
);

export interface AuthPromptHandlers {
  auth: AuthProvider;
  onSuccess(user: ConfirmedUser): void;
  onCancel(): void;
}

/**
 * One message, styled by who wrote it: the visitor's on the right, the assistant's on the left
 * (markdown, growing in place while it streams), system notices centred, and the auth prompt as an
 * assistant message holding the phone sign-in widget. A hidden prefix tells screen-reader users
 * who is speaking, since the layout alone shows it to everyone else.
 */
export function MessageBubble({
  message,
  assistantName,
  authPrompt,
  onRetry,
}: {
  message: ListedMessage;
  assistantName: string;
  authPrompt: AuthPromptHandlers;
  onRetry(messageId: string): void;
}) {
  if (message.type === 'auth') {
    return <AuthPromptBubble text={message.text} assistantName={assistantName} authPrompt={authPrompt} />;
  }
  if (message.role === 'system' || message.type === 'system') {
    return (
      <div className="msg msg--system" data-role="system">
        <p className="msg__notice">{visibleText(message.text)}</p>
      </div>
    );
  }
  if (message.role === 'model') {
    return (
      <div
        className="msg msg--assistant"
        data-role="assistant"
        aria-busy={message.streaming ? true : undefined}
        title={formatMessageTime(message.createdAt)}
      >
        <Avatar name={assistantName} />
        <div className={`msg__bubble${message.streaming ? ' msg__bubble--streaming' : ''}`}>
          <span className="sr-only">{fillText(PAGE_TEXT.speaker, { name: assistantName })}</span>
          {/* A cut reply ends where its writer stopped, as unfinished as one still arriving. */}
          <LazyAssistantMarkdown
            text={message.text}
            streaming={message.streaming === true || message.cut === true}
          />
        </div>
      </div>
    );
  }
  return <UserBubble message={message} onRetry={onRetry} />;
}

/**
 * The visitor's message. One still on its way says so ('Sending…'); one that could not be saved says
 * 'Not sent' with a Retry button. The status is text inside the bubble, so screen readers hear it
 * with the message; the bubble keeps its place (and its node) when the stored copy replaces it.
 */
function UserBubble({ message, onRetry }: { message: ListedMessage; onRetry(messageId: string): void }) {
  const { delivery } = message;
  return (
    <div
      className={`msg msg--visitor${delivery === 'sending' || delivery === 'failed' ? ` msg--${delivery}` : ''}`}
      data-role="visitor"
      // Only a stored message has a time the server gave it.
      title={delivery ? undefined : formatMessageTime(message.createdAt)}
    >
      <div className="msg__bubble">
        <span className="sr-only">{PAGE_TEXT.you}</span>
        {/* In the text's own direction: a right-to-left message's punctuation on the side its reader expects. */}
        <span className="msg__text" dir="auto">
          {visibleText(message.text)}
        </span>
        {delivery === 'sending' ? <span className="msg__delivery">{PAGE_TEXT.sending}</span> : null}
        {delivery === 'failed' ? (
          <span className="msg__delivery-line">
            <span className="msg__delivery">{PAGE_TEXT.notSent}</span>
            <button type="button" className="msg__retry" onClick={() => onRetry(message.id)}>
              {PAGE_TEXT.retry}
            </button>
          </span>
        ) : null}
      </div>
    </div>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span className="logo-disc msg__avatar" aria-hidden="true">
      {/* The first code point, not the first UTF-16 unit: an emoji's half is no character at all. */}
      {Array.from(name.trim())[0]?.toUpperCase() ?? 'A'}
    </span>
  );
}

/**
 * The assistant's request to verify a phone number, with the widget inside. The prompt appears
 * right after the visitor sent a message from the composer, which is then disabled; focus moves to
 * the phone field so a keyboard user is not left on a control that no longer works.
 */
function AuthPromptBubble({
  text,
  assistantName,
  authPrompt,
}: {
  text: string;
  assistantName: string;
  authPrompt: AuthPromptHandlers;
}) {
  const bubble = useRef<HTMLDivElement>(null);
  return (
    <div className="msg msg--assistant msg--auth" data-role="auth">
      <Avatar name={assistantName} />
      <div className="msg__bubble" ref={bubble}>
        <span className="sr-only">{fillText(PAGE_TEXT.speaker, { name: assistantName })}</span>
        <p className="msg__auth-text">{text}</p>
        <Suspense fallback={null}>
          <PhoneSignInWidget
            auth={authPrompt.auth}
            onSuccess={authPrompt.onSuccess}
            onCancel={authPrompt.onCancel}
          />
          <FocusFieldIfLost container={bubble} />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * Moves focus to the widget's first field when focus has nowhere useful to be (the composer that sent
 * the message is now disabled). Rendered after the widget inside the same Suspense boundary, so its effect
 * runs once the lazily loaded widget is on the page.
 */
function FocusFieldIfLost({ container }: { container: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const active = document.activeElement;
    const focusIsLost =
      !active || active === document.body || (active instanceof HTMLTextAreaElement && active.disabled);
    if (focusIsLost) container.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [container]);
  return null;
}
