import { UI_TEXT } from '../../../lib/i18n/active-text.js';
import { EarlyComposer } from '../../composer/early-composer-box.js';
import { ChatHeader } from './chat-header.js';
import { EmptyState } from './empty-state.js';

/**
 * The chat page's frame while it loads: the header (the app icon; no name or new-chat button until the
 * business is known), the
 * message area saying 'Loading...' (§2) and the composer, usable from the first frame (EarlyComposer: what
 * is sent waits for the conversation). index.html carries this very markup,
 * so the visitor sees the frame as soon as the HTML and CSS arrive, and the app's first render leaves it
 * as it is (chat-frame.test.tsx keeps the two equal; docs/decisions/0021).
 */
export function ChatFrame({ welcome, businessId }: { welcome?: string | null; businessId?: string }) {
  return (
    <div className="chat-page">
      <ChatHeader />
      {welcome ? (
        <WelcomeChatMain businessName={welcome} businessId={businessId} />
      ) : (
        <LoadingChatMain businessId={businessId} />
      )}
    </div>
  );
}

/**
 * The message area while the business or the conversation loads, the composer below it: the visitor
 * can type and press Enter at once; the message is sent when the conversation exists.
 */
export function LoadingChatMain({ businessId }: { businessId?: string }) {
  return (
    <main className="chat-main">
      <p className="chat-loading" role="status">
        {UI_TEXT.loading}
      </p>
      <EarlyComposer businessId={businessId} />
    </main>
  );
}

/**
 * The message area of a conversation that is being created: nothing can be in it yet, so it shows
 * §2's empty state at once, where the conversation view will show it (same boxes, so nothing moves
 * when the live view takes over), the composer usable, its message sent once the conversation exists. index.html
 * carries this markup in a <template> that its first-read script fills with the business's name
 * (docs/decisions/0021; chat-frame.test.tsx keeps the two equal).
 */
export function WelcomeChatMain({ businessName, businessId }: { businessName: string; businessId?: string }) {
  return (
    <main className="chat-main">
      <div className="chat-scroll">
        <div className="chat-column chat-column--messages">
          <EmptyState businessName={businessName} />
        </div>
      </div>
      <EarlyComposer businessId={businessId} />
    </main>
  );
}
