import { useCallback, useEffect, useState } from 'react';
import { isChatEnabled, type Business } from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { useEmbed } from '../../lib/embed/embed-context.js';
import { applyBrandColor } from '../../lib/theme/brand-color.js';
import { ConversationsSidebar } from '../conversations/conversations-sidebar.js';
import { VerificationBanner } from '../verification-banner/verification-banner.js';
import { ChatHeader } from './components/chat-header.js';
import type { ChatAlert } from './components/chat-alerts.js';
import { PageStatus } from './components/page-status.js';
import { RefreshPageButton } from './components/refresh-page-button.js';
import { ConversationView } from './conversation-view.js';
import { useConversation } from './hooks/use-conversation.js';
import './chat-page.css';

/** The chat page once its business is loaded: the layout of §2 around the resolved conversation. */
export function ChatSession({
  business,
  urlConversationId,
}: {
  business: Business;
  urlConversationId: string | undefined;
}) {
  const { state, startNewConversation } = useConversation(business, urlConversationId);
  const [newChatFailed, setNewChatFailed] = useState(false);
  /** A message typed into a conversation that had expired, and the new conversation it goes to. */
  const [carried, setCarried] = useState<{ conversationId: string; text: string } | null>(null);

  useEffect(() => {
    document.title = business.businessName;
  }, [business.businessName]);

  const { options } = useEmbed();
  const brandColor = options.brandColor ?? business.brandColor ?? null;
  useEffect(() => {
    applyBrandColor(brandColor);
    return () => applyBrandColor(null);
  }, [brandColor]);

  const startNewChat = useCallback(() => {
    setNewChatFailed(false);
    startNewConversation().catch((error: unknown) => {
      console.error('Starting a new conversation failed', error);
      setNewChatFailed(true);
    });
  }, [startNewConversation]);

  const continueInNewConversation = useCallback(
    async (text: string): Promise<boolean> => {
      setNewChatFailed(false);
      try {
        const conversation = await startNewConversation();
        setCarried({ conversationId: conversation.id, text });
        return true;
      } catch (error) {
        console.error('Replacing the expired conversation failed', error);
        setNewChatFailed(true);
        return false;
      }
    },
    [startNewConversation],
  );

  if (state.status === 'error') {
    return (
      <PageStatus tone="error" message={UI_TEXT.errorPrefix + state.message}>
        {state.conversationId ? <RefreshPageButton /> : null}
      </PageStatus>
    );
  }

  const pageAlert: ChatAlert | null = newChatFailed
    ? {
        key: 'new-chat',
        text: ERROR_TEXT.failedToCreateConversation,
        onDismiss: () => setNewChatFailed(false),
      }
    : null;

  return (
    <div className="chat-page">
      <ChatHeader
        businessName={business.businessName}
        onNewChat={startNewChat}
        newChatDisabled={state.status !== 'ready' || !isChatEnabled(business)}
      />
      <VerificationBanner businessName={business.businessName} status={business.verification.status} />
      {state.status === 'ready' ? (
        <ConversationView
          key={state.conversation.id}
          business={business}
          conversation={state.conversation}
          onNewChat={startNewChat}
          onExpired={continueInNewConversation}
          carriedText={carried?.conversationId === state.conversation.id ? carried.text : null}
          pageAlert={pageAlert}
        />
      ) : (
        <main className="chat-main">
          <p className="chat-loading" role="status">
            {UI_TEXT.loading}
          </p>
        </main>
      )}
      {/* §2: the sidebar exists but the chat page never opens it. */}
      <ConversationsSidebar open={false} onClose={() => undefined} onNewConversation={startNewChat} />
    </div>
  );
}
