import { UI_TEXT } from '../../../lib/i18n/active-text.js';
import './connection-status.css';

/**
 * A quiet status line while the live stream is down: 'Reconnecting…', gone once it is back. The
 * polite live region is always rendered, because screen readers announce changes only to a region
 * that already exists.
 */
export function ConnectionStatus({ reconnecting }: { reconnecting: boolean }) {
  return (
    <p className="connection-status" role="status" aria-live="polite">
      {reconnecting ? UI_TEXT.reconnecting : null}
    </p>
  );
}
