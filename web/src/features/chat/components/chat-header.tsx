import { AppIcon } from '../../../components/icons/app-icon.js';
import { NewChatIcon } from '../../../components/icons/new-chat-icon.js';
import './chat-header.css';

/** §2 header: the app icon, the business name and the new-chat button. */
export function ChatHeader({
  businessName,
  onNewChat,
  newChatDisabled,
}: {
  businessName: string;
  onNewChat(): void;
  newChatDisabled: boolean;
}) {
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        <span className="logo-disc chat-header__logo">
          <AppIcon size={22} />
        </span>
        <h1 className="chat-header__name">{businessName}</h1>
        <button
          type="button"
          className="chat-header__new-chat"
          aria-label="New chat"
          title="New chat"
          onClick={onNewChat}
          disabled={newChatDisabled}
        >
          <NewChatIcon size={18} />
          <span className="chat-header__new-chat-text" aria-hidden="true">
            New chat
          </span>
        </button>
      </div>
    </header>
  );
}
