/**
 * The conversations drawer (§2): a '+ New Conversation' button and a close button. The chat page
 * never opens it (§2), but it is a complete modal dialog: focus moves in when it opens, Tab stays
 * inside, Escape or a click on the backdrop closes it, and focus returns to where it was.
 */
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { CloseIcon } from '../../components/icons/close-icon.js';
import { NewChatIcon } from '../../components/icons/new-chat-icon.js';

// Its styles load when it first opens, and it shows once they have: the chat page never opens it, so the
// page's first download does not carry them (issue 11). Only the styles: the drawer's code is small and
// shares modules with the page, and a chunk of its own made the bundler split those out, costing more.
const DrawerStyles = lazy(() => import('./conversations-sidebar.css').then(() => ({ default: () => null })));

export interface ConversationsSidebarProps {
  open: boolean;
  onClose(): void;
  onNewConversation(): void;
}

export function ConversationsSidebar({ open, onClose, onNewConversation }: ConversationsSidebarProps) {
  if (!open) return null;
  return createPortal(
    <Suspense fallback={null}>
      <DrawerStyles />
      <Drawer onClose={onClose} onNewConversation={onNewConversation} />
    </Suspense>,
    document.body,
  );
}

function Drawer({ onClose, onNewConversation }: Omit<ConversationsSidebarProps, 'open'>) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  // Kept in a ref so the document listener below is added once, whatever the parent passes.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect: focus is inside the drawer in the same commit that shows it (it appears only once
  // its styles have loaded, outside any user event, so a passive effect would leave a moment without it).
  useLayoutEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    primaryRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, []);

  // Keep Tab and Shift+Tab cycling inside the drawer while it is open.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="conversations-sidebar">
      <div className="conversations-sidebar__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="conversations-sidebar__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapTab}
      >
        <div className="conversations-sidebar__header">
          <h2 id={titleId} className="conversations-sidebar__title">
            {PAGE_TEXT.conversations}
          </h2>
          <button
            type="button"
            className="conversations-sidebar__close"
            aria-label={PAGE_TEXT.close}
            onClick={onClose}
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <button
          ref={primaryRef}
          type="button"
          className="button-primary conversations-sidebar__new"
          onClick={onNewConversation}
        >
          <NewChatIcon size={18} />
          {UI_TEXT.newConversation}
        </button>
      </div>
    </div>
  );
}
