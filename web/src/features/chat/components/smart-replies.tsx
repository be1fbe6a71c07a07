import { PAGE_TEXT, REPLY_TEXT } from '../../../lib/i18n/active-text.js';
import { MAX_SMART_REPLIES, SPECIAL_ACTION_REPLY, type OfferedSmartReply } from '@chat/core';
import { useOneChoiceAtATime } from '../hooks/use-one-choice-at-a-time.js';
import './smart-replies.css';

export interface SmartRepliesProps {
  replies: OfferedSmartReply[];
  disabled?: boolean;
  /** Acts on the reply; while its promise is pending, the pills ignore further presses. */
  onSelect(reply: OfferedSmartReply): unknown;
}

/**
 * A pill's words: a reply that acts ('Contact Support' from an assistant, which offers it in §4's English
 * words) says so in the visitor's language, as the page's own buttons do; any other reply, as offered.
 */
function labelOf(reply: OfferedSmartReply): string {
  return reply.action && reply.action !== 'decline'
    ? REPLY_TEXT[SPECIAL_ACTION_REPLY[reply.action]]
    : reply.text;
}

/** Quick answers offered under the messages (§4): at most four pill buttons named by their text. */
export function SmartReplies({ replies, disabled = false, onSelect }: SmartRepliesProps) {
  const choose = useOneChoiceAtATime(onSelect);
  const shown = replies.slice(0, MAX_SMART_REPLIES);
  if (shown.length === 0) return null;
  return (
    <div className="smart-replies" role="group" aria-label={PAGE_TEXT.suggestedReplies}>
      {shown.map((reply, index) => (
        <button
          // The same text can come twice from the chat service; the index keeps keys unique.
          key={`${index}:${reply.text}`}
          type="button"
          className={
            reply.type === 'system'
              ? 'smart-replies__pill smart-replies__pill--system'
              : 'smart-replies__pill'
          }
          disabled={disabled}
          onClick={(event) => choose(reply, event)}
        >
          {labelOf(reply)}
        </button>
      ))}
    </div>
  );
}
