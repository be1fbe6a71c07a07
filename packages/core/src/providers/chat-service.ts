import type { ChatResponse, ChatResumeBody, ChatSendBody } from '../wire/chat-api.js';

export interface ChatCallOptions {
  /** The signed-in visitor's ID token; sent as `Authorization: Bearer …` only when present. */
  idToken?: string | null;
  /**
   * Withdraws the call: the request is aborted, and a chat service still waiting for the message it
   * names (decision 0025) stops waiting and answers nothing.
   */
  signal?: AbortSignal;
}

/**
 * The AI chat service: POST /api/chat (§7). The assistant's reply text arrives through the
 * conversation's live messages; the HTTP answer carries only interrupts and smart replies.
 * A non-OK status rejects with a ProviderError (code from the status, e.g. 'unavailable').
 */
export interface ChatService {
  /** Sends a visitor's message. */
  send(body: ChatSendBody, options?: ChatCallOptions): Promise<ChatResponse>;

  /** Resumes after an interrupt with the visitor's answer (signed in, or declined). */
  resume(body: ChatResumeBody, options?: ChatCallOptions): Promise<ChatResponse>;
}
