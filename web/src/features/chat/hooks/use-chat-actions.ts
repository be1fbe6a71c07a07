import { useCallback, useMemo, type Dispatch } from 'react';
import {
  specialActionFor,
  type ConfirmedUser,
  type Business,
  type Message,
  type SmartReply,
  type SuggestedQuestion,
} from '@chat/core';
import { useServices } from '../../../lib/services/services-context.js';
import { chatOperations } from './chat-operations.js';
import type { ChatAction, ShownInterrupt } from './chat-state.js';
import type { Carry } from './outbox.js';
import { usePhoneSignInActions } from './use-phone-sign-in-actions.js';
import { useSending, type Sending } from './use-sending.js';

export interface ChatActions extends Omit<Sending, 'tryAgain'> {
  /**
   * The visitor sent text from the composer (special texts included). It shows at once and stays
   * on screen (to be retried) if it cannot be saved, so it is never given back to the box.
   */
  submitText(text: string): Promise<void>;
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
  /** Whether the conversation has expired by now (§4, by the server's clock). */
  isExpired(): boolean;
  /**
   * Continues in a new conversation with what this one had not sent (it expired, or the server no
   * longer has it); false when none could be created.
   */
  onMoveOn(carry: Carry): Promise<boolean>;
  /** What this conversation was handed by the one the page left, if any. */
  carried: Carry | null;
  /** The page can send: the messages are loaded and the business allows chatting. */
  ready: boolean;
  /** The text in the message box. */
  draft(): string;
}): ChatActions {
  const { business, conversationId, messages, interrupt, dispatch, onNewChat } = params;
  const { data, auth, chat, browser, config } = useServices();

  const ops = useMemo(
    () => chatOperations({ data, auth, chat, business, conversationId, dispatch }),
    [data, auth, chat, business, conversationId, dispatch],
  );

  const { tryAgain, ...sending } = useSending({
    ops,
    dispatch,
    messages,
    isExpired: params.isExpired,
    onMoveOn: params.onMoveOn,
    carried: params.carried,
    ready: params.ready,
    draft: params.draft,
  });
  const { sendMessage } = sending;

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
      if (await runSpecial(text)) return;
      await sendMessage(text);
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
    ...sending,
    submitText,
    chooseSmartReply,
    chooseSuggestedQuestion,
    completeSignIn: signIn.completeSignIn,
    cancelSignIn: signIn.cancelSignIn,
    dismissAlert,
  };
}
