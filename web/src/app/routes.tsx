import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ChatRoute } from '../features/chat/chat-route.js';
import { chatPath } from '../lib/chat-paths.js';
import { useServices } from '../lib/services/services-context.js';

/**
 * `/`: replace-redirect to the default business's chat (§2), keeping the query string so that a
 * shared `/?question=…` or `/?i=…` link still asks its question.
 */
function RootRedirect() {
  const { config } = useServices();
  const { search } = useLocation();
  return <Navigate replace to={chatPath(config.defaultBusinessId, null, search)} />;
}

/**
 * The §2 route table. One pattern with an optional conversation id serves both chat addresses, so
 * moving from /chat/{id} to /chat/{id}/{conversationId} (which the page does itself) keeps the page
 * mounted instead of loading it again. `@handle` shares the pattern; ChatRoute tells them apart.
 */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/chat/:businessId/:conversationId?', element: <ChatRoute /> },
  { path: '*', element: <Navigate replace to="/" /> },
];

/**
 * The route table rendered inside a declarative router (<BrowserRouter> in main.tsx, <MemoryRouter> in
 * tests). The page has no loaders, actions or fetchers, so it does not ship the data router's machinery
 * for them (decision 0015).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
