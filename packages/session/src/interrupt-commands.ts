/**
 * The visitor's answers to the assistant's phone sign-in interrupt: signed in (the assistant resumes,
 * and a first signup posts the §3 feed item), declined with a smart reply, or the widget closed.
 * Each closes the interrupt first, so its widget goes and the input comes back at once.
 */
import { EN, signupFeedItem, type ConfirmedUser, type SmartReply } from '@chat/core';
import { apply, ask, resume, saveSystemMessage } from './assistant-answers.js';
import { DECLINE_FALLBACK_SMART_REPLIES } from './conversation-state.js';
import type { Room } from './room.js';
import { dispatch, type SessionCore } from './session-core.js';

/**
 * Closes the pending interrupt of the conversation shown (its widget goes, the input comes back) for
 * a command that answers it; null when none is pending.
 */
function takeInterrupt(s: SessionCore) {
  const r = s.room;
  const interrupt = s.state.interrupt;
  if (!r || !interrupt) return null;
  dispatch(s, r, { type: 'interrupt-closed', key: interrupt.key });
  return { r, interrupt };
}

/** The visitor signed in through the phone widget: the assistant resumes. */
export async function answerInterrupt(s: SessionCore, user: ConfirmedUser): Promise<void> {
  const taken = takeInterrupt(s);
  if (!taken) return;
  const { r, interrupt } = taken;
  try {
    const notice = await saveSystemMessage(s, r, s.texts.phoneVerified);
    void postSignupFeed(s, r, user);
    dispatch(s, r, { type: 'awaiting-reply', afterMessageId: notice.id });
    try {
      // The resume answers the notice (issue 27): sent twice, it is answered once.
      const answering = { messageId: notice.id };
      const response = await resume(
        s,
        r,
        interrupt.toolRequest,
        {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN',
          // Words to the assistant, not to the visitor: English whatever the page's language.
          message: EN.ui.authSuccessfulResume,
        },
        answering,
      );
      apply(s, r, response, interrupt.previousUserText);
    } catch (resumeError) {
      // The assistant lost the paused request: asking the original question again picks the
      // conversation up where it was, now with the visitor signed in.
      console.error('Resuming after sign-in failed; re-sending the previous message', resumeError);
      if (!interrupt.previousUserText) throw resumeError;
      // Still answering the notice: a resume that did get through is not answered twice.
      const response = await ask(s, r, interrupt.previousUserText, { messageId: notice.id });
      apply(s, r, response, interrupt.previousUserText);
    }
  } catch (error) {
    console.error('Completing sign-in failed', error);
    dispatch(s, r, { type: 'failed', alert: 'failedToCompleteSignIn' });
  }
}

/** The visitor chose `reply` instead of signing in. */
export async function declineInterrupt(s: SessionCore, reply: SmartReply): Promise<void> {
  const taken = takeInterrupt(s);
  if (!taken) return;
  const { r, interrupt } = taken;
  try {
    const saved = await s.data.addMessage(r.conversation.id, {
      id: s.newId(),
      role: 'user',
      text: reply.text,
    });
    dispatch(s, r, { type: 'awaiting-reply', afterMessageId: saved.id });
    const response = await resume(
      s,
      r,
      interrupt.toolRequest,
      {
        requiresAuth: true,
        action: 'PHONE_SIGN_IN_DECLINED',
        message: reply.text,
        declined: true,
      },
      { messageId: saved.id },
    );
    apply(s, r, response, reply.text, DECLINE_FALLBACK_SMART_REPLIES);
  } catch (error) {
    console.error('Declining sign-in failed', error);
    dispatch(s, r, { type: 'failed', alert: 'failedToProcessSelection' });
  }
}

/** The visitor closed the phone widget. */
export async function cancelInterrupt(s: SessionCore): Promise<void> {
  const taken = takeInterrupt(s);
  if (!taken) return;
  try {
    await saveSystemMessage(s, taken.r, s.texts.authCancelled);
  } catch (error) {
    console.error('Saving the cancellation notice failed', error);
    dispatch(s, taken.r, { type: 'failed', alert: 'failedToSendMessage' });
  }
}

/** §3 feed item on the visitor's first signup, at most once per conversation; a failure is only logged. */
async function postSignupFeed(s: SessionCore, r: Room, user: ConfirmedUser): Promise<void> {
  if (!user.isNewUser || r.feedPosted) return;
  r.feedPosted = true;
  try {
    const conversation = await s.data.getConversation(r.conversation.id);
    if (!conversation || conversation.signupFeedPosted) return;
    await s.data.addFeedItem(s.business.id, signupFeedItem(user, r.conversation.id));
    await s.data.markSignupFeedPosted(r.conversation.id);
  } catch (error) {
    console.error('Posting the signup feed item failed', error);
  }
}
