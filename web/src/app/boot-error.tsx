import { CloseChatButton } from '../components/close-chat/close-chat-button.js';
import { PAGE_TEXT } from '../lib/i18n/active-text.js';
import './boot-error.css';

/**
 * Shown instead of the app when it cannot start (bad configuration, backend failed to load). Rendered
 * inside EmbedProvider only (main.tsx), so that in the embed snippet's panel it still offers 'Close chat'
 * and Escape still closes the panel.
 */
export function BootError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="boot-error">
      <CloseChatButton />
      <div className="boot-error__card" role="alert">
        <h1 className="boot-error__title">{PAGE_TEXT.bootErrorTitle}</h1>
        <pre className="boot-error__message">{message}</pre>
      </div>
    </main>
  );
}
