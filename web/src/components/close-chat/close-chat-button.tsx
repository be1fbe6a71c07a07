import { useEmbed } from '../../lib/embed/embed-context.js';
import { PAGE_TEXT } from '../../lib/i18n/active-text.js';
import { CloseIcon } from '../icons/close-icon.js';
import './close-chat-button.css';

/**
 * 'Close chat': asks the embed snippet's host page to close the panel. Rendered only inside the panel
 * (nothing on the plain page), and in every state of the page — the chat's header, and the corner of a
 * full-page status or the boot error — because on a phone the panel fills the screen and hides the host
 * page's own launcher: without it a visitor facing an error could not get back to the business's site.
 *
 * Its look is .button-round; its place is `className`'s (the chat header passes its own), by default the
 * top corner of a page that has no header.
 */
export function CloseChatButton({ className = 'close-chat--corner' }: { className?: string }) {
  const { closePanel } = useEmbed();
  if (!closePanel) return null;
  const label = PAGE_TEXT.closeChat;
  return (
    <button
      type="button"
      className={`button-round ${className}`}
      aria-label={label}
      title={label}
      onClick={closePanel}
    >
      <CloseIcon size={18} />
    </button>
  );
}
