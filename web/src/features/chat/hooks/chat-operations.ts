/**
 * The steps the chat page's actions are made of — save a message, ask the assistant, resume after
 * an interrupt, apply a response — bound to one conversation. Plain functions over the services, so
 * the hooks that combine them read as the §4 sequences they implement.
 */
import {
  normaliseSmartReplies,
  type AuthProvider,
  type Business,
  type ChatResponse,
  type ChatService,
  type DataProvider,
  type Message,
  type ResumeResponse,
  type SmartReply,
  type ToolRequest,
} from '@chat/core';
import type { Dispatch } from 'react';
import type { ChatAction } from './chat-state.js';
import { phoneSignInInterrupt, resumeBody, sendBody } from './chat-requests.js';

export interface ChatOperationsDeps {
  data: DataProvider;
  auth: AuthProvider;
  chat: ChatService;
  business: Business;
  conversationId: string;
  dispatch: Dispatch<ChatAction>;
}

export type ChatOperations = ReturnType<typeof chatOperations>;

export function chatOperations({ data, auth, chat, business, conversationId, dispatch }: ChatOperationsDeps) {
  return {
    /** §4 sending steps 2–3: saves a visitor message, then records it as the conversation's last. */
    async saveUserMessage(text: string): Promise<Message> {
      const saved = await data.addMessage(conversationId, { role: 'user', text });
      try {
        await data.updateLastMessage(conversationId, {
          text,
          sender: 'user',
          sentAt: saved.createdAt,
          messageId: saved.id,
        });
      } catch (error) {
        // The message itself is saved and shown; a stale summary is not worth alarming the visitor.
        console.error('Updating the conversation’s last message failed', error);
      }
      return saved;
    },

    saveSystemMessage(text: string): Promise<Message> {
      return data.addMessage(conversationId, { role: 'system', text, type: 'system' });
    },

    /** Calls the chat service with the visitor's message, with their token when signed in (§6). */
    async askAssistant(message: string): Promise<ChatResponse> {
      const idToken = await auth.getIdToken();
      return chat.send(sendBody(business, conversationId, message), { idToken });
    },

    async resumeAssistant(toolRequest: ToolRequest, response: ResumeResponse): Promise<ChatResponse> {
      const idToken = await auth.getIdToken();
      return chat.resume(resumeBody(business, conversationId, toolRequest, response), { idToken });
    },

    /**
     * Applies a response: a phone sign-in interrupt (shown once per conversation; the reducer knows),
     * else its smart replies (normalised, at most 4), else `fallback`.
     */
    applyResponse(
      response: ChatResponse,
      previousUserText: string | null,
      fallback: SmartReply[] = [],
    ): void {
      const replies = normaliseSmartReplies(response.smartReplies);
      const smartReplies = replies.length > 0 ? replies : fallback;
      const interrupt = phoneSignInInterrupt(response);
      if (interrupt) {
        dispatch({ type: 'interrupt-received', interrupt, smartReplies, previousUserText, now: Date.now() });
      } else {
        dispatch({ type: 'reply-received', smartReplies });
      }
    },
  };
}
