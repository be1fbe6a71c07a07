import { REPLY_TEXT } from '../../../lib/i18n/active-text.js';
import { useServices } from '../../../lib/services/services-context.js';

/**
 * 'Refresh Page' under a full-page error that a new attempt may cure (a read that failed in
 * passing): the address still names the business and the conversation, so reloading picks them up.
 */
export function RefreshPageButton() {
  const { browser } = useServices();
  return (
    <button type="button" className="page-status__action" onClick={() => browser.reload()}>
      {REPLY_TEXT.refreshPage}
    </button>
  );
}
