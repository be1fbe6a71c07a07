import { useSyncExternalStore } from 'react';
import { earlyWelcomeName, subscribeEarlyWelcome } from '../../app/first-read/first-read.js';
import { ERROR_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { ChatFrame } from './components/chat-frame.js';
import { PageStatus } from './components/page-status.js';
import { RefreshPageButton } from './components/refresh-page-button.js';
import { ChatScreen } from './chat-screen.js';
import { useBusiness } from './hooks/use-business.js';

/** The route /chat/{businessId}[/{conversationId}]: loads the business, then shows its chat. */
export function ChatPage({ businessId, conversationId }: { businessId: string; conversationId?: string }) {
  const business = useBusiness(businessId);
  // The frame index.html already shows (with the welcome its first-read script may have put in it):
  // the first render changes nothing the visitor sees. A name the script learns after the app's start
  // shows the welcome at once, before the business has gone through the data provider.
  const earlyName = useSyncExternalStore(subscribeEarlyWelcome, () => earlyWelcomeName(businessId));
  if (business.status === 'loading') {
    return <ChatFrame welcome={conversationId === undefined ? earlyName : null} businessId={businessId} />;
  }
  if (business.status === 'error') {
    return (
      <PageStatus tone="error" message={UI_TEXT.errorPrefix + ERROR_TEXT[business.error]}>
        {business.error === 'failedToLoadBusiness' ? <RefreshPageButton /> : null}
      </PageStatus>
    );
  }
  return (
    <ChatScreen key={business.business.id} business={business.business} urlConversationId={conversationId} />
  );
}
