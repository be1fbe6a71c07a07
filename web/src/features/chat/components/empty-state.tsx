import { fillText } from '@chat/core';
import { UI_TEXT } from '../../../lib/i18n/active-text.js';
import { AppIcon } from '../../../components/icons/app-icon.js';

/** §2 empty state: 'Welcome to {business}!' and 'How can I assist you?'. */
export function EmptyState({ businessName }: { businessName: string }) {
  return (
    <div className="empty-state">
      <span className="logo-disc empty-state__logo">
        <AppIcon size={30} />
      </span>
      <h2 className="empty-state__title">{fillText(UI_TEXT.welcome, { business: businessName })}</h2>
      <p className="empty-state__subtitle">{UI_TEXT.howCanIAssist}</p>
    </div>
  );
}
