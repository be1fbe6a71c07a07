import { PAGE_TEXT } from '../../../lib/i18n/active-text.js';
import { CloseIcon } from '../../../components/icons/close-icon.js';
import { WarningIcon } from '../../../components/icons/warning-icon.js';
import './chat-alerts.css';

export interface ChatAlert {
  key: string;
  text: string;
  onDismiss(): void;
}

/** Inline §8 errors in the message area: announced at once, each dismissable. */
export function ChatAlerts({ alerts }: { alerts: ChatAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="chat-alerts">
      {alerts.map((alert) => (
        <div key={alert.key} className="chat-alert" role="alert">
          <WarningIcon size={18} className="chat-alert__icon" />
          <span className="chat-alert__text">{alert.text}</span>
          <button
            type="button"
            className="chat-alert__dismiss"
            aria-label={PAGE_TEXT.dismiss}
            onClick={alert.onDismiss}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
