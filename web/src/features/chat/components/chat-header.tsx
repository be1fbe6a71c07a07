import type { ReactNode } from 'react';
import { CloseChatButton } from '../../../components/close-chat/close-chat-button.js';
import { AppIcon } from '../../../components/icons/app-icon.js';
import { NewChatIcon } from '../../../components/icons/new-chat-icon.js';
import { useEmbed } from '../../../lib/embed/embed-context.js';
import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import './chat-header.css';

/**
 * §2 header: the app icon, the business name and the new-chat button. Inside the embed snippet's
 * panel the app icon gives way to 'Close chat': the panel has no chrome of its own, and on a phone,
 * where the panel fills the screen, this is the visible way back to the host page. While the page
 * loads (ChatFrame) there is no business yet: no name and no new-chat button.
 */
export function ChatHeader({
  businessName,
  onNewChat,
  newChatDisabled = false,
}: {
  businessName?: string;
  onNewChat?(): void;
  newChatDisabled?: boolean;
}) {
  const embedded = useEmbed().closePanel !== null;
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        {embedded ? null : (
          <span className="logo-disc chat-header__logo">
            <AppIcon size={22} />
          </span>
        )}
        {businessName === undefined ? null : <h1 className="chat-header__name">{businessName}</h1>}
        {onNewChat ? (
          <HeaderButton label={PAGE_TEXT.newChat} onClick={onNewChat} disabled={newChatDisabled} showLabel>
            <NewChatIcon size={18} />
          </HeaderButton>
        ) : null}
        <CloseChatButton className="chat-header__button" />
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
      className="button-round chat-header__button"
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
