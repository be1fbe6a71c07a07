import { fillText } from '@chat/core';
import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import './typing-indicator.css';

/** Shown while the assistant prepares a reply (§1, §4): animated dots and '{name} is typing…'. */
export function TypingIndicator({ assistantName }: { assistantName: string }) {
  return (
    <div className="typing-indicator" role="status">
      <span className="typing-indicator__dots" aria-hidden="true">
        <span className="typing-indicator__dot" />
        <span className="typing-indicator__dot" />
        <span className="typing-indicator__dot" />
      </span>
      <span className="typing-indicator__text">{fillText(PAGE_TEXT.isTyping, { name: assistantName })}</span>
    </div>
  );
}
