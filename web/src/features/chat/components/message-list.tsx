import { Fragment } from 'react';
import { fillText } from '@chat/core';
import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import type { ListedMessage } from '@chat/session';
import { MessageBubble, type AuthPromptHandlers } from './message-bubble.js';
import './message-list.css';

/**
 * The conversation as a log: a polite live region, so screen readers announce each new message
 * without interrupting. It is rendered even when empty, because a live region must exist before
 * the content it announces. While a reply streams in, the log is marked busy so it is read once,
 * complete, rather than word by word.
 */
export function MessageList({
  messages,
  assistantName,
  businessName,
  authPrompt,
  onRetry,
}: {
  messages: ListedMessage[];
  assistantName: string;
  businessName: string;
  authPrompt: AuthPromptHandlers;
  /** Sends again a visitor's message that could not be saved (by its id). */
  onRetry(messageId: string): void;
}) {
  const streaming = messages.some((m) => m.streaming);
  return (
    <div
      className="message-list"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={fillText(PAGE_TEXT.conversationWith, { business: businessName })}
      aria-busy={streaming ? true : undefined}
    >
      {messages.map((message, index) => (
        <Fragment key={message.id}>
          {isAssistant(message) && !isAssistant(messages[index - 1]) ? (
            // The assistant's name where a sighted visitor sees it, over each run of its messages, as
            // messengers show who is speaking (issue 28). Screen readers hear it from each bubble's own
            // "{name}: " prefix, so it is hidden from them here rather than read twice.
            <p className="msg-author" aria-hidden="true">
              {assistantName}
            </p>
          ) : null}
          <MessageBubble
            message={message}
            assistantName={assistantName}
            authPrompt={authPrompt}
            onRetry={onRetry}
          />
        </Fragment>
      ))}
    </div>
  );
}

/** The assistant's own messages: its replies and its sign-in prompts (not system notices). */
function isAssistant(message: ListedMessage | undefined): boolean {
  return message !== undefined && message.role === 'model' && message.type !== 'system';
}
