import { Navigate, useLocation } from 'react-router-dom';
import { isHandle } from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { chatPath } from '../../lib/chat-paths.js';
import { useServices } from '../../lib/services/services-context.js';
import { useKeyedTask } from '../../lib/use-keyed-task.js';
import { PageStatus } from './components/page-status.js';

/**
 * The route /chat/@{handle}[/{conversationId}] (§2): finds the business by its handle (first match)
 * and replaces the URL with its chat, keeping the query string.
 */
export function HandleRedirect({ handle, conversationId }: { handle: string; conversationId?: string }) {
  const { data } = useServices();
  const { search, hash } = useLocation();
  // A handle that cannot exist is not looked up: it is simply not found.
  const outcome = useKeyedTask(handle, async () => {
    if (!isHandle(handle)) return null;
    return data.getBusinessByHandle(handle).catch((error: unknown) => {
      console.error('Resolving the business handle failed', error);
      throw error;
    });
  });

  if (!outcome) return <PageStatus message={UI_TEXT.openingChat} />;
  if (outcome.ok && outcome.value) {
    return <Navigate replace to={chatPath(outcome.value.id, conversationId, search) + hash} />;
  }
  return (
    <PageStatus
      tone="error"
      title={UI_TEXT.oops}
      message={outcome.ok ? ERROR_TEXT.businessNotFound : ERROR_TEXT.failedToResolveHandle}
    />
  );
}
