import type { ReactNode } from 'react';
import { CloseChatButton } from '../../../components/close-chat/close-chat-button.js';
import { AppIcon } from '../../../components/icons/app-icon.js';
import './page-status.css';

/**
 * A full-page message in place of the chat: 'Loading...', 'Opening chat…', 'Oops!' with a reason,
 * or 'Error: …'. Progress is announced politely; failures as alerts. In the embed snippet's panel it
 * also offers 'Close chat', whatever the state: the visitor is never stuck in the panel.
 */
export function PageStatus({
  title,
  message,
  tone = 'progress',
  children,
}: {
  title?: string;
  message: string;
  tone?: 'progress' | 'error';
  children?: ReactNode;
}) {
  return (
    <main className={`page-status page-status--${tone}`}>
      <CloseChatButton />
      <div className="page-status__card" role={tone === 'error' ? 'alert' : 'status'}>
        <span className="logo-disc page-status__logo">
          <AppIcon size={28} />
        </span>
        {title ? <h1 className="page-status__title">{title}</h1> : null}
        <p className="page-status__message">
          {tone === 'progress' ? <span className="page-status__spinner" aria-hidden="true" /> : null}
          {message}
        </p>
        {children}
      </div>
    </main>
  );
}
