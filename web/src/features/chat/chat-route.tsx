import { useParams } from 'react-router-dom';
import { ChatPage } from './chat-page.js';
import { HandleRedirect } from './handle-redirect.js';

/**
 * /chat/{segment}[/{conversationId}]. React Router matches whole segments only, so `@handle` and a
 * business id arrive through the same pattern; the '@' prefix decides which one it is (§2).
 */
export function ChatRoute() {
  const { businessId = '', conversationId } = useParams();
  if (businessId.startsWith('@')) {
    return <HandleRedirect handle={businessId.slice(1)} conversationId={conversationId} />;
  }
  return <ChatPage key={businessId} businessId={businessId} conversationId={conversationId} />;
}
