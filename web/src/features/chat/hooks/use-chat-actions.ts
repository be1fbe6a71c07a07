import { useCallback, useMemo, type Dispatch } from 'react';
import {
  lastUserMessageText,
  normaliseOutgoing,
  specialActionFor,
  type ConfirmedUser,
  type Business,
  type Message,
  type SmartReply,
  type SuggestedQuestion,
} from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../../lib/i18n/active-text.js';
import { useServices } from '../../../lib/services/services-context.js';
import { chatOperations } from './chat-operations.js';
import { RETRY_SMART_REPLIES, type ChatAction, type ShownInterrupt } from './chat-state.js';
import { usePhoneSignInActions } from './use-phone-sign-in-actions.js';

export interface ChatActions {
  /**
   * The visitor sent text from the composer (special texts included). False when the message could
   * not be saved, so the composer can give the text back instead of losing it.
   */
  submitText(text: string): Promise<boolean>;
  /** Sends a message as the visitor without special-text handling (query parameters); false if not saved. */
  sendMessage(text: string): Promise<boolean>;
  chooseSmartReply(reply: SmartReply): Promise<void>;
  chooseSuggestedQuestion(question: SuggestedQuestion): Promise<void>;
  completeSignIn(user: ConfirmedUser): Promise<void>;
  cancelSignIn(): Promise<void>;
  dismissAlert(): void;
}

/**
 * What the visitor can do on the chat page for one conversation (§4): send, choose a smart reply
 * or suggested question, the special texts, and the phone sign-in interrupt's outcomes.
 */
export function useChatActions(params: {
  business: Business;
  conversationId: string;
  /** The stored, visible messages, ordered by createdAt. */
  messages: Message[];
  /** The interrupt waiting for the visitor (chat-state.ts pendingInterrupt), if any. */
  interrupt: ShownInterrupt | null;
  /** The page state's dispatch (see chat-state.ts). */
  dispatch: Dispatch<ChatAction>;
  /** Switches to a new conversation ('start a new chat'). */
  onNewChat(): void;
  /** Whether the conversation has expired by now (§4); checked before each visitor message. */
  isExpired(): boolean;
  /**
   * Sends `text` in a new conversation instead (this one expired while the page was open); false
   * when none could be created, so the composer gives the text back.
   */
  onExpired(text: string): Promise<boolean>;
}): ChatActions {
  const { business, conversationId, messages, interrupt, dispatch, onNewChat, isExpired, onExpired } = params;
  const { data, auth, chat, browser, config } = useServices();

  const ops = useMemo(
    () => chatOperations({ data, auth, chat, business, conversationId, dispatch }),
    [data, auth, chat, business, conversationId, dispatch],
  );

  /**
   * Asks the assistant about the visitor's `text` and applies its answer. A failure becomes the
   * 'Failed to get AI response' alert with a 'Try again' reply; it is never thrown.
   */
  const answer = useCallback(
    async (text: string) => {
      try {
        ops.applyResponse(await ops.askAssistant(text), text);
      } catch (error) {
        console.error('The chat service failed', error);
        dispatch({
          type: 'failed',
          alert: ERROR_TEXT.failedToGetAiResponse,
          smartReplies: RETRY_SMART_REPLIES,
        });
      }
    },
    [ops, dispatch],
  );

  /** §4 "Sending a user message", steps 1–5. */
  const sendMessage = useCallback(
    async (raw: string) => {
      const text = normaliseOutgoing(raw);
      if (!text) return true;
      // A tab left open past the conversation's 24 hours: resolution steps 4–5 run now, and the
      // message goes to the new conversation rather than failing in the old one.
      if (isExpired()) return onExpired(text);
      dispatch({ type: 'action-started' });
      let saved: Message;
      try {
        saved = await ops.saveUserMessage(text);
      } catch (error) {
        console.error('Saving the message failed', error);
        dispatch({ type: 'failed', alert: ERROR_TEXT.failedToSendMessage });
        return false;
      }
      dispatch({ type: 'awaiting-reply', afterMessageId: saved.id });
      await answer(text);
      // The message is saved and on screen even when the assistant failed; 'Try again' covers that.
      return true;
    },
    [ops, dispatch, answer, isExpired, onExpired],
  );

  /** 'try again': the last visitor message goes to the assistant once more (it is already shown). */
  const tryAgain = useCallback(async () => {
    dispatch({ type: 'action-started' });
    const previous = lastUserMessageText(messages);
    if (previous === null) {
      try {
        await ops.saveSystemMessage(UI_TEXT.noPreviousMessage);
      } catch (error) {
        console.error('Saving the notice failed', error);
        dispatch({ type: 'failed', alert: ERROR_TEXT.failedToSendMessage });
      }
      return;
    }
    dispatch({ type: 'awaiting-reply', afterMessageId: messages.at(-1)?.id ?? null });
    await answer(previous);
  }, [messages, ops, dispatch, answer]);

  /** Runs a §4 special text; false when the text is an ordinary message. */
  const runSpecial = useCallback(
    async (text: string): Promise<boolean> => {
      switch (specialActionFor(text)) {
        case 'new-chat':
          onNewChat();
          return true;
        case 'try-again':
          await tryAgain();
          return true;
        case 'refresh-page':
          browser.reload();
          return true;
        case 'contact-support':
          browser.openInNewTab(config.supportFormUrl);
          return true;
        case null:
          return false;
      }
    },
    [onNewChat, tryAgain, browser, config.supportFormUrl],
  );

  const signIn = usePhoneSignInActions({
    data,
    business,
    conversationId,
    interrupt,
    ops,
    dispatch,
  });

  const submitText = useCallback(
    async (text: string) => {
      if (await runSpecial(text)) return true;
      return sendMessage(text);
    },
    [runSpecial, sendMessage],
  );

  const chooseSmartReply = useCallback(
    async (reply: SmartReply) => {
      if (await runSpecial(reply.text)) return;
      // Any smart reply while the interrupt is pending is an answer to it: the visitor declines.
      if (interrupt) return signIn.decline(reply);
      await sendMessage(reply.text);
    },
    [runSpecial, interrupt, signIn, sendMessage],
  );

  const chooseSuggestedQuestion = useCallback(
    async (question: SuggestedQuestion) => {
      await submitText(question.line1);
    },
    [submitText],
  );

  const dismissAlert = useCallback(() => dispatch({ type: 'dismiss-alert' }), [dispatch]);

  return {
    submitText,
    sendMessage,
    chooseSmartReply,
    chooseSuggestedQuestion,
    completeSignIn: signIn.completeSignIn,
    cancelSignIn: signIn.cancelSignIn,
    dismissAlert,
  };
}
