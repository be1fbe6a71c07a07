import { UI_TEXT } from '../../../lib/i18n/active-text.js';
import { Composer } from '../../composer/composer.js';
import { ChatHeader } from './chat-header.js';
import { EmptyState } from './empty-state.js';

const nothing = () => undefined;

/**
 * The chat page's frame while it loads: the header (the app icon; no name or new-chat button until the
 * business is known), the
 * message area saying 'Loading...' (§2) and the composer, disabled. index.html carries this very markup,
 * so the visitor sees the frame as soon as the HTML and CSS arrive, and the app's first render leaves it
 * as it is (chat-frame.test.tsx keeps the two equal; docs/decisions/0021).
 */
export function ChatFrame({ welcome }: { welcome?: string | null }) {
  return (
    <div className="chat-page">
      <ChatHeader />
      {welcome ? <WelcomeChatMain businessName={welcome} /> : <LoadingChatMain />}
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
      <DisabledComposer />
    </main>
  );
}

/**
 * The message area of a conversation that is being created: nothing can be in it yet, so it shows
 * §2's empty state at once, where the conversation view will show it (same boxes, so nothing moves
 * when the live view takes over), the composer disabled until the conversation exists. index.html
 * carries this markup in a <template> that its first-read script fills with the business's name
 * (docs/decisions/0021; chat-frame.test.tsx keeps the two equal).
 */
export function WelcomeChatMain({ businessName }: { businessName: string }) {
  return (
    <main className="chat-main">
      <div className="chat-scroll">
        <div className="chat-column chat-column--messages">
          <EmptyState businessName={businessName} />
        </div>
      </div>
      <DisabledComposer />
    </main>
  );
}

function DisabledComposer() {
  return (
    <div className="chat-footer" aria-hidden="true">
      <div className="chat-column">
        <Composer disabled onSend={nothing} />
      </div>
    </div>
  );
}
