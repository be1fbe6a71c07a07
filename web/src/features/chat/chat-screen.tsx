import { useEffect, useLayoutEffect } from 'react';
import { businessBrandColor, type Business } from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { useEmbed } from '../../lib/embed/embed-context.js';
import { applyBrandColor } from '../../lib/theme/brand-color.js';
import { ConversationsSidebar } from '../conversations/conversations-sidebar.js';
import { VerificationBanner } from '../verification-banner/verification-banner.js';
import { ChatHeader } from './components/chat-header.js';
import { LoadingChatMain, WelcomeChatMain } from './components/chat-frame.js';
import { PageStatus } from './components/page-status.js';
import { RefreshPageButton } from './components/refresh-page-button.js';
import { ConversationView } from './conversation-view.js';
import { useChatSession } from './hooks/use-chat-session.js';
import { useEarlyDraftHandover } from './hooks/use-early-composer-handover.js';
import './chat-page.css';

/** The chat page once its business is loaded: the layout of §2 around the session's conversation. */
export function ChatScreen({
  business,
  urlConversationId,
}: {
  business: Business;
  urlConversationId: string | undefined;
}) {
  const binding = useChatSession(business, urlConversationId);
  const { state, session } = binding;
  useEarlyDraftHandover(session, state.chatEnabled);

  useEffect(() => {
    document.title = business.businessName;
  }, [business.businessName]);

  const { options } = useEmbed();
  // The snippet's ?color= wins over the business's own colour (issue 29: both backends read it).
  const brandColor = options.brandColor ?? businessBrandColor(business);
  // Before the first paint, so the page never shows in the default colour first.
  useLayoutEffect(() => {
    applyBrandColor(brandColor);
    return () => applyBrandColor(null);
  }, [brandColor]);

  const startNewChat = () => void session.startNewConversation();

  const { conversation } = state;
  // Shown once the URL names it too: what runs in the view (a query parameter removed from the URL)
  // then works on the conversation's own address, never on the one the page is leaving.
  // A closed session (a business that cannot be chatted with, §6) shows the page with no conversation,
  // once the URL names none.
  const shownKey =
    conversation.status === 'ready' && conversation.conversation.id === urlConversationId
      ? conversation.conversation.id
      : conversation.status === 'closed' && urlConversationId === undefined
        ? ''
        : null;
  if (conversation.status === 'error') {
    return (
      <PageStatus tone="error" message={UI_TEXT.errorPrefix + ERROR_TEXT[conversation.error]}>
        {conversation.conversationId ? <RefreshPageButton /> : null}
      </PageStatus>
    );
  }

  return (
    <div className="chat-page">
      <ChatHeader
        businessName={business.businessName}
        onNewChat={startNewChat}
        newChatDisabled={conversation.status !== 'ready' || !state.chatEnabled}
      />
      <VerificationBanner businessName={business.businessName} status={business.verification.status} />
      {shownKey !== null ? (
        <ConversationView key={shownKey} business={business} binding={binding} />
      ) : state.startsNew ? (
        // No conversation named by the URL or kept for the tab: a new one is being created, so its
        // empty state is certain and shown at once (decision 0021), not 'Loading...' until it exists.
        // The session says so from its first state.
        <WelcomeChatMain businessName={business.businessName} businessId={business.id} />
      ) : (
        <LoadingChatMain businessId={business.id} />
      )}
      {/* §2: the sidebar exists but the chat page never opens it. */}
      <ConversationsSidebar open={false} onClose={() => undefined} onNewConversation={startNewChat} />
    </div>
  );
}
