/**
 * ChatService over HTTP: POST {baseUrl}/api/chat with the §7 bodies, shared by both backends.
 *
 * Limits: no retries and no timeout of its own (the caller decides; a hung server hangs the call
 * until the platform's fetch gives up); the reply text is not in the answer — it arrives through
 * the conversation's live messages.
 */
import {
  CHAT_PATH,
  ChatResponseSchema,
  ChatResumeBodySchema,
  ChatSendBodySchema,
  ProviderError,
  type ChatCallOptions,
  type ChatResponse,
  type ChatService,
} from '@chat/core';
import type * as z from 'zod/mini';
import { formatIssues } from './format-issues.js';
import { requestJson, type FetchLike } from './http-json.js';

export interface HttpChatServiceOptions {
  /** The chat host, e.g. "http://localhost:4000"; "" means the page's own origin. A trailing "/" is ignored. */
  baseUrl: string;
  /** The fetch to use; the global fetch when absent. */
  fetch?: FetchLike;
}

const WHAT = 'Chat service';

export function createHttpChatService(options: HttpChatServiceOptions): ChatService {
  const url = options.baseUrl.replace(/\/+$/, '') + CHAT_PATH;
  // Resolved per call and called unbound: browsers throw "Illegal invocation" for a detached window.fetch.
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function post(schema: z.ZodMiniType, body: unknown, kind: string, call?: ChatCallOptions) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderError('invalid-argument', `Invalid chat ${kind} body: ${formatIssues(parsed.error)}`);
    }
    const response: ChatResponse = await requestJson(
      { fetch: doFetch, method: 'POST', url, body: parsed.data, idToken: call?.idToken, what: WHAT },
      ChatResponseSchema,
    );
    return response;
  }

  return {
    send: (body, call) => post(ChatSendBodySchema, body, 'send', call),
    resume: (body, call) => post(ChatResumeBodySchema, body, 'resume', call),
  };
}
