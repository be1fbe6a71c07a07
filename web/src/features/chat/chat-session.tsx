import { useCallback, useEffect, useState } from 'react';
import { isChatEnabled, type Business } from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { useEmbed } from '../../lib/embed/embed-context.js';
import { applyBrandColor } from '../../lib/theme/brand-color.js';
import { ConversationsSidebar } from '../conversations/conversations-sidebar.js';
import { VerificationBanner } from '../verification-banner/verification-banner.js';
import { ChatHeader } from './components/chat-header.js';
import type { ChatAlert } from './components/chat-alerts.js';
import { LoadingChatMain } from './components/chat-frame.js';
import { PageStatus } from './components/page-status.js';
import { RefreshPageButton } from './components/refresh-page-button.js';
import { ConversationView } from './conversation-view.js';
import type { Carry } from './hooks/outbox.js';
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
  /** What a conversation the page had to leave handed over, and the new conversation it went to. */
  const [carried, setCarried] = useState<{ conversationId: string; carry: Carry } | null>(null);
  // Handed over once: after the page has gone on to another conversation, coming back to that one
  // must not send the carried messages again.
  const shownId = state.status === 'ready' ? state.conversation.id : null;
  useEffect(() => {
    if (shownId && carried && carried.conversationId !== shownId) setCarried(null);
  }, [shownId, carried]);

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

  // §4 resolution step 5 while the page is open: the conversation expired or the server no longer
  // has it, so a new one takes over what the visitor had not sent yet.
  const moveOn = useCallback(
    async (carry: Carry): Promise<boolean> => {
      setNewChatFailed(false);
      try {
        await startNewConversation((conversation) => setCarried({ conversationId: conversation.id, carry }));
        return true;
      } catch (error) {
        console.error('Replacing the conversation failed', error);
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
          onMoveOn={moveOn}
          carried={carried?.conversationId === state.conversation.id ? carried.carry : null}
          pageAlert={pageAlert}
        />
      ) : (
        <LoadingChatMain />
      )}
      {/* §2: the sidebar exists but the chat page never opens it. */}
      <ConversationsSidebar open={false} onClose={() => undefined} onNewConversation={startNewChat} />
    </div>
  );
}
