/**
 * ChatService over HTTP: POST {baseUrl}/api/chat with the §7 bodies, shared by both backends.
 *
 * Limits: no retries and no timeout of its own (the caller decides — the chat page gives up after
 * core's CHAT_TIMEOUT_MS — otherwise a hung server hangs the call until the platform's fetch gives
 * up); the reply text is not in the answer — it arrives through the conversation's live messages.
 */
import {
  CHAT_PATH,
  ChatResumeBodyCheck,
  ChatSendBodyCheck,
  checkInput,
  readChatResponse,
  type ChatCallOptions,
  type ChatService,
  type Check,
} from '@chat/core';
import { requestJson, type FetchLike } from './http-json.js';

export interface HttpChatServiceOptions {
  /** The chat host, e.g. "http://localhost:4000"; "" means the page's own origin. A trailing "/" is ignored. */
  baseUrl: string;
  /** The fetch to use; the global fetch when absent. */
  fetch?: FetchLike;
  /**
   * Headers each call adds, asked for just before it is sent: the Firebase backend's App Check token
   * (`X-Firebase-AppCheck`) when App Check is configured. A failure here fails the call.
   */
  headers?: () => Promise<Record<string, string>>;
}

const WHAT = 'Chat service';

export function createHttpChatService(options: HttpChatServiceOptions): ChatService {
  const url = options.baseUrl.replace(/\/+$/, '') + CHAT_PATH;
  // Resolved per call and called unbound: browsers throw "Illegal invocation" for a detached window.fetch.
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function post(check: Check<unknown>, body: unknown, kind: string, call?: ChatCallOptions) {
    const checked = checkInput(check, body, `chat ${kind} body`);
    const headers = options.headers ? await options.headers() : undefined;
    return requestJson(
      {
        fetch: doFetch,
        method: 'POST',
        url,
        body: checked,
        idToken: call?.idToken,
        ...(headers ? { headers } : {}),
        what: WHAT,
        ...(call?.signal ? { signal: call.signal } : {}),
      },
      readChatResponse,
    );
  }

  return {
    send: (body, call) => post(ChatSendBodyCheck, body, 'send', call),
    resume: (body, call) => post(ChatResumeBodyCheck, body, 'resume', call),
  };
}
