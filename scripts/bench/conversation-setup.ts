/**
 * What the load runs that are not visitors start from: a conversation of the benchmark's business,
 * created through the local backend's data provider (as the page creates one), and autocannon's
 * message writes — the data API's POST, each message under a new id as the page sends them (the same
 * id twice is one message). Raw POSTs on purpose: they measure the server's write endpoint, not a
 * visitor (scripts/bench/visitors.ts drives ChatSession for that).
 */
import { newMessageId } from '@chat/core';
import { createLocalDataProvider } from '@chat/local';
import type autocannon from 'autocannon';

/** The demo business every load talks to (approved; the floor server answers for any id). */
export const BENCH_BUSINESS_ID = 'bella-vista-salon';

export const NEW_CONVERSATION = {
  businessId: BENCH_BUSINESS_ID,
  userId: null,
  userType: 'anonymous',
  contextType: 'enduser',
  isOutsideBusinessHours: false,
} as const;

export async function createConversation(serverUrl: string): Promise<string> {
  const data = createLocalDataProvider({ serverUrl });
  try {
    return (await data.createConversation(NEW_CONVERSATION)).id;
  } finally {
    data.close();
  }
}

/** autocannon options that POST `text` as a visitor message to a conversation, a new id each time. */
export function messageWrites(serverUrl: string, conversationId: string, text: string) {
  return {
    url: `${serverUrl}/data/conversations/${conversationId}/messages`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          body: JSON.stringify({ id: newMessageId(), role: 'user', text }),
        }),
      },
    ],
  };
}
