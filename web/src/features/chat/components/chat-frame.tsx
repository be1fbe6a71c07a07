import { UI_TEXT } from '../../../lib/i18n/active-text.js';
import { Composer } from '../../composer/composer.js';
import { ChatHeader } from './chat-header.js';

const nothing = () => undefined;

/**
 * The chat page's frame while it loads: the header (the app icon; no name or new-chat button until the
 * business is known), the
 * message area saying 'Loading...' (§2) and the composer, disabled. index.html carries this very markup,
 * so the visitor sees the frame as soon as the HTML and CSS arrive, and the app's first render leaves it
 * as it is (chat-frame.test.tsx keeps the two equal; docs/decisions/0021).
 */
export function ChatFrame() {
  return (
    <div className="chat-page">
      <ChatHeader />
      <LoadingChatMain />
    </div>
  );
}

/**
 * The message area while the business or the conversation loads, the composer disabled below it: a
 * picture of the composer to come, hidden from assistive technology (the status is what is announced, and
 * nothing there can be used yet).
 */
export function LoadingChatMain() {
  return (
    <main className="chat-main">
      <p className="chat-loading" role="status">
        {UI_TEXT.loading}
      </p>
      <div className="chat-footer" aria-hidden="true">
        <div className="chat-column">
          <Composer disabled onSend={nothing} />
        </div>
      </div>
    </main>
  );
}
