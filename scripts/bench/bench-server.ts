/** Starts a mock server in this process on an ephemeral port on 127.0.0.1, for one benchmark. */
import { createApp, type AppOptions, type ChatMockServer } from '@chat/mock-server';
import { DATA_ROUTES, type Conversation } from '@chat/core';

export interface BenchServer {
  server: ChatMockServer;
  url: string;
  close(): Promise<void>;
}

/** Rate limits far above any benchmark's load: the limiters still run, as they do for every client. */
const BENCH_RATE_LIMIT = { windowMs: 60_000, identityMax: 1e9, chatMax: 1e9, dataMax: 1e9 };

export async function startBenchServer(options: AppOptions = {}): Promise<BenchServer> {
  const server = createApp({ rateLimit: BENCH_RATE_LIMIT, ...options });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url, close: () => server.close() };
}

/** Creates an anonymous conversation with the default fixture business through the data API. */
export async function createConversation(url: string): Promise<Conversation> {
  const response = await fetch(url + DATA_ROUTES.conversations, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      businessId: 'bella-vista-salon',
      userId: null,
      userType: 'anonymous',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
    }),
  });
  if (response.status !== 201) throw new Error(`create conversation answered ${response.status}`);
  return (await response.json()) as Conversation;
}

/** POSTs one user message through the data API; throws on any status but 201. */
export async function postMessage(url: string, conversationId: string, text: string): Promise<void> {
  const response = await fetch(url + DATA_ROUTES.messages(conversationId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'user', text }),
  });
  if (response.status !== 201)
    throw new Error(`add message answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}
