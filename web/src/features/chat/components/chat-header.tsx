import type { ReactNode } from 'react';
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
        <HeaderButton label={PAGE_TEXT.newChat} onClick={onNewChat} disabled={newChatDisabled} showLabel>
          <NewChatIcon size={18} />
        </HeaderButton>
        {onClose ? (
          <HeaderButton label={PAGE_TEXT.closeChat} onClick={onClose}>
            <CloseIcon size={18} />
          </HeaderButton>
        ) : null}
      </div>
    </header>
  );
}

/** A round header button: an icon, named for assistive technology and in a tooltip; the label shows on wide screens when `showLabel`. */
function HeaderButton({
  label,
  onClick,
  disabled = false,
  showLabel = false,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  showLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="chat-header__button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
      {showLabel ? (
        <span className="chat-header__button-text" aria-hidden="true">
          {label}
        </span>
      ) : null}
    </button>
  );
}
