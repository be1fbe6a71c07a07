import type { ReactNode } from 'react';
import { AppIcon } from '../../../components/icons/app-icon.js';
import './page-status.css';

/**
 * A full-page message in place of the chat: 'Loading...', 'Opening chat…', 'Oops!' with a reason,
 * or 'Error: …'. Progress is announced politely; failures as alerts.
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
