import { useCallback, useRef, type Dispatch } from 'react';
import {
  EN,
  signupFeedItem,
  type ConfirmedUser,
  type Business,
  type DataProvider,
  type SmartReply,
} from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../../lib/i18n/active-text.js';
import { DECLINE_FALLBACK_SMART_REPLIES, type ChatAction, type PendingInterrupt } from './chat-state.js';
import type { ChatOperations } from './chat-operations.js';

export interface PhoneSignInActions {
  /** The widget signed the visitor in. */
  completeSignIn(user: ConfirmedUser): Promise<void>;
  /** The visitor chose a smart reply instead of signing in. */
  decline(reply: SmartReply): Promise<void>;
  /** The visitor closed the widget. */
  cancelSignIn(): Promise<void>;
}

/** §4 "Phone sign-in interrupt": what happens after the auth message, on success, decline or cancel. */
export function usePhoneSignInActions(params: {
  data: DataProvider;
  business: Business;
  conversationId: string;
  interrupt: PendingInterrupt | null;
  ops: ChatOperations;
  dispatch: Dispatch<ChatAction>;
}): PhoneSignInActions {
  const { data, business, conversationId, interrupt, ops, dispatch } = params;
  const feedPosted = useRef(false);

  /**
   * §3 feed item on the visitor's first signup — the identity provider says whether this sign-in
   * was one — at most once per conversation (signupFeedPosted); a failure is only logged (§8).
   */
  const postSignupFeed = useCallback(
    async (user: ConfirmedUser) => {
      if (!user.isNewUser || feedPosted.current) return;
      feedPosted.current = true;
      try {
        const conversation = await data.getConversation(conversationId);
        if (!conversation || conversation.signupFeedPosted) return;
        await data.addFeedItem(business.id, signupFeedItem(user, conversationId));
        await data.markSignupFeedPosted(conversationId);
      } catch (error) {
        console.error('Posting the signup feed item failed', error);
      }
    },
    [data, business.id, conversationId],
  );

  const completeSignIn = useCallback(
    async (user: ConfirmedUser) => {
      if (!interrupt) return;
      dispatch({ type: 'interrupt-closed', key: interrupt.key });
      try {
        const notice = await ops.saveSystemMessage(UI_TEXT.phoneVerified);
        void postSignupFeed(user);
        dispatch({ type: 'awaiting-reply', afterMessageId: notice.id });
        try {
          const response = await ops.resumeAssistant(interrupt.toolRequest, {
            requiresAuth: true,
            action: 'PHONE_SIGN_IN',
            // Words to the assistant, not to the visitor: English whatever the page's language.
            message: EN.ui.authSuccessfulResume,
          });
          ops.applyResponse(response, interrupt.previousUserText);
        } catch (resumeError) {
          // The assistant lost the paused request: asking the original question again picks the
          // conversation up where it was, now with the visitor signed in.
          console.error('Resuming after sign-in failed; re-sending the previous message', resumeError);
          if (!interrupt.previousUserText) throw resumeError;
          const response = await ops.askAssistant(interrupt.previousUserText);
          ops.applyResponse(response, interrupt.previousUserText);
        }
      } catch (error) {
        console.error('Completing sign-in failed', error);
        dispatch({ type: 'failed', alert: ERROR_TEXT.failedToCompleteSignIn });
      }
    },
    [interrupt, ops, dispatch, postSignupFeed],
  );

  const decline = useCallback(
    async (reply: SmartReply) => {
      if (!interrupt) return;
      dispatch({ type: 'interrupt-closed', key: interrupt.key });
      try {
        const saved = await ops.saveUserMessage(reply.text);
        dispatch({ type: 'awaiting-reply', afterMessageId: saved.id });
        const response = await ops.resumeAssistant(interrupt.toolRequest, {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN_DECLINED',
          message: reply.text,
          declined: true,
        });
        ops.applyResponse(response, reply.text, DECLINE_FALLBACK_SMART_REPLIES);
      } catch (error) {
        console.error('Declining sign-in failed', error);
        dispatch({ type: 'failed', alert: ERROR_TEXT.failedToProcessSelection });
      }
    },
    [interrupt, ops, dispatch],
  );

  const cancelSignIn = useCallback(async () => {
    if (!interrupt) return;
    dispatch({ type: 'interrupt-closed', key: interrupt.key });
    try {
      await ops.saveSystemMessage(UI_TEXT.authCancelled);
    } catch (error) {
      console.error('Saving the cancellation notice failed', error);
      dispatch({ type: 'failed', alert: ERROR_TEXT.failedToSendMessage });
    }
  }, [interrupt, ops, dispatch]);

  return { completeSignIn, decline, cancelSignIn };
}
