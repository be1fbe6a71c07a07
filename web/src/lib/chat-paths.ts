/** The chat page's address for a business and, optionally, a conversation (§2 routes). */
export function chatPath(businessId: string, conversationId?: string | null, search = ''): string {
  const base = `/chat/${encodeURIComponent(businessId)}`;
  const path = conversationId ? `${base}/${encodeURIComponent(conversationId)}` : base;
  return path + search;
}
