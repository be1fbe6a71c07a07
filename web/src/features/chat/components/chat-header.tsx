import { AppIcon } from '../../../components/icons/app-icon.js';
import { CloseIcon } from '../../../components/icons/close-icon.js';
import { NewChatIcon } from '../../../components/icons/new-chat-icon.js';
import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import './chat-header.css';

/**
 * §2 header: the app icon, the business name and the new-chat button. Inside the embed snippet's
 * panel (`onClose` set) the app icon gives way to a close button: the panel has no chrome of its own,
 * and on a phone, where the panel fills the screen, this is the visible way back to the host page.
 */
export function ChatHeader({
  businessName,
  onNewChat,
  newChatDisabled,
  onClose,
}: {
  businessName: string;
  onNewChat(): void;
  newChatDisabled: boolean;
  onClose?: () => void;
}) {
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        {onClose ? null : (
          <span className="logo-disc chat-header__logo">
            <AppIcon size={22} />
          </span>
        )}
        <h1 className="chat-header__name">{businessName}</h1>
        <button
          type="button"
          className="chat-header__button"
          aria-label={PAGE_TEXT.newChat}
          title={PAGE_TEXT.newChat}
          onClick={onNewChat}
          disabled={newChatDisabled}
        >
          <NewChatIcon size={18} />
          <span className="chat-header__button-text" aria-hidden="true">
            {PAGE_TEXT.newChat}
          </span>
        </button>
        {onClose ? (
          <button
            type="button"
            className="chat-header__button"
            aria-label={PAGE_TEXT.closeChat}
            title={PAGE_TEXT.closeChat}
            onClick={onClose}
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>
    </header>
  );
}
