/**
 * A ChatService whose answers each test scripts, for component tests of the chat page.
 *
 * Limits: no model; the script decides the reply text (written into the conversation through the
 * in-memory data, as the real service writes into the database) and the HTTP answer (interrupts,
 * smart replies). Bodies are checked against the core wire schemas, so a malformed request fails
 * the way the real endpoint would, with ProviderError('invalid-argument'); like the real service, it
 * refuses a conversation it does not know ('not-found') or that has expired by its own clock
 * ('failed-precondition'). A call naming its `messageId` is answered once that message is stored, or
 * refused 'message-not-saved' after `savedMessageWaitMs` (decision 0025), and answered once: a
 * repeated call for that message gets the first call's answer without running the script again
 * (issue 27), unless the first call failed.
 */
import * as z from 'zod/mini';
import {
  isConversationExpired,
  ChatResumeBodySchema,
  ChatSendBodySchema,
  ProviderError,
  SAVED_MESSAGE_WAIT_MS,
  type ChatCallOptions,
  type ChatResponse,
  type ChatResumeBody,
  type ChatSendBody,
  type ChatService,
  type Message,
} from '@chat/core';
import type { InMemoryData } from './in-memory-data.js';

export type ChatCall =
  | { kind: 'send'; body: ChatSendBody; idToken: string | null }
  | { kind: 'resume'; body: ChatResumeBody; idToken: string | null };

export interface AssistantTools {
  /** Writes a complete assistant message into the call's conversation. */
  reply(text: string): Message;
  /** Starts a streamed assistant message; `update` grows it in place, `finish` completes it. */
  stream(firstText: string): { update(text: string): void; finish(text: string): void };
}

export type ChatScript = (call: ChatCall, assistant: AssistantTools) => ChatResponse | Promise<ChatResponse>;

export interface ScriptedChat extends ChatService {
  /** Every call, oldest first, including failed ones. */
  readonly calls: readonly ChatCall[];
  /** Whether the caller withdrew `call` (aborted its signal). */
  withdrawn(call: ChatCall): boolean;
  /** Replaces the script for the calls that follow. */
  script(handler: ChatScript): void;
  /** Makes the next call fail (default: HTTP 503 'unavailable'). */
  failNext(error?: ProviderError): void;
}

/** The default script: the assistant echoes the message and offers no smart replies. */
export const echoScript: ChatScript = (call, assistant) => {
  assistant.reply(call.kind === 'send' ? `You said: ${call.body.message}` : 'Thanks, let’s continue.');
  return {};
};

/** `now` is the backend's clock, the one the conversation's expiredAt was set by. */
export function createScriptedChat(
  data: InMemoryData,
  now: () => number = Date.now,
  savedMessageWaitMs = SAVED_MESSAGE_WAIT_MS,
): ScriptedChat {
  const calls: ChatCall[] = [];
  let handler: ChatScript = echoScript;
  let fault: ProviderError | null = null;

  const withdrawnCalls = new WeakSet<ChatCall>();
  /** The answer to each named message (one answer per question, issue 27). */
  const answers = new Map<string, Promise<ChatResponse>>();

  const run = (call: ChatCall, signal?: AbortSignal): Promise<ChatResponse> => {
    const messageId = call.body.messageId;
    if (!messageId) return runOnce(call, signal);
    const key = `${call.body.conversationId}/${messageId}`;
    const known = answers.get(key);
    if (known) {
      calls.push(call);
      return known;
    }
    const answer = runOnce(call, signal);
    answers.set(key, answer);
    // A failed turn may run again.
    answer.catch(() => answers.delete(key));
    return answer;
  };

  const runOnce = async (call: ChatCall, signal?: AbortSignal): Promise<ChatResponse> => {
    calls.push(call);
    signal?.addEventListener('abort', () => withdrawnCalls.add(call));
    if (fault) {
      const error = fault;
      fault = null;
      throw error;
    }
    const conversationId = call.body.conversationId;
    const conversation = data.conversation(conversationId);
    if (!conversation) {
      throw new ProviderError('not-found', `Conversation ${conversationId} not found`, 404);
    }
    if (isConversationExpired(conversation, now())) {
      throw new ProviderError(
        'failed-precondition',
        `conversationId: conversation ${conversationId} has expired`,
        400,
      );
    }
    const messageId = call.body.messageId;
    if (messageId) {
      const saved = await data.whenStored(conversationId, messageId, savedMessageWaitMs, signal);
      if (signal?.aborted) {
        throw new ProviderError('unavailable', 'The caller withdrew the chat call');
      }
      if (!saved) {
        throw new ProviderError(
          'message-not-saved',
          `messageId: message ${messageId} was not saved in conversation ${conversationId}`,
          409,
        );
      }
      if (saved.role !== 'user' && saved.role !== 'system') {
        throw new ProviderError(
          'invalid-argument',
          `messageId: message ${messageId} is not the visitor's`,
          400,
        );
      }
    }
    const tools: AssistantTools = {
      reply: (text) => data.putAssistantMessage(conversationId, { text }),
      stream(firstText) {
        const { id } = data.putAssistantMessage(conversationId, { text: firstText, streaming: true });
        return {
          update: (text) => void data.putAssistantMessage(conversationId, { id, text, streaming: true }),
          finish: (text) => void data.putAssistantMessage(conversationId, { id, text }),
        };
      },
    };
    return handler(call, tools);
  };

  const check = <T>(
    schema: { safeParse(v: unknown): { success: boolean; error?: { message: string } } },
    body: T,
  ) => {
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ProviderError('invalid-argument', `Bad chat body: ${result.error?.message}`, 400);
  };

  return {
    async send(body: ChatSendBody, options?: ChatCallOptions) {
      check(z.strictObject(ChatSendBodySchema.shape), body);
      return run(
        { kind: 'send', body: structuredClone(body), idToken: options?.idToken ?? null },
        options?.signal,
      );
    },
    async resume(body: ChatResumeBody, options?: ChatCallOptions) {
      check(z.strictObject(ChatResumeBodySchema.shape), body);
      return run({ kind: 'resume', body: structuredClone(body), idToken: options?.idToken ?? null });
    },
    get calls() {
      return calls;
    },
    withdrawn: (call) => withdrawnCalls.has(call),
    script(next) {
      handler = next;
    },
    failNext(error = new ProviderError('unavailable', 'Injected chat failure', 503)) {
      fault = error;
    },
  };
}
