/**
 * The visitor's answers to the assistant's phone sign-in interrupt: signed in (the assistant resumes,
 * and a first signup posts the §3 feed item), declined with a smart reply, or the widget closed.
 * Each closes the interrupt first, so its widget goes and the input comes back at once.
 */
import { EN, signupFeedItem, type ConfirmedUser, type OfferedSmartReply } from '@chat/core';
import { apply, ask, resume, saveSystemMessage } from './assistant-answers.js';
import { roomOf, type SessionMachine } from './session-machine.js';
import type { ConversationAction } from './session-state.js';

function converse(m: SessionMachine, room: number, action: ConversationAction): void {
  m.dispatch({ type: 'conversation', room, action });
}

/**
 * Closes the pending interrupt of the conversation shown (its widget goes, the input comes back) for
 * a command that answers it; null when none is pending.
 */
function takeInterrupt(m: SessionMachine) {
  const r = m.state.shown;
  const interrupt = m.view().interrupt;
  if (r === null || !interrupt) return null;
  converse(m, r, { type: 'interrupt-closed', key: interrupt.key });
  return { r, interrupt };
}

/** The visitor signed in through the phone widget: the assistant resumes. */
export async function answerInterrupt(m: SessionMachine, user: ConfirmedUser): Promise<void> {
  const taken = takeInterrupt(m);
  if (!taken) return;
  const { r, interrupt } = taken;
  try {
    const notice = await saveSystemMessage(m, r, m.texts.phoneVerified);
    void postSignupFeed(m, r, user);
    converse(m, r, { type: 'awaiting-reply', afterMessageId: notice.id });
    try {
      // The resume answers the notice (issue 27): sent twice, it is answered once.
      const answering = { messageId: notice.id };
      const response = await resume(
        m,
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
      apply(m, r, response, interrupt.previousUserText);
    } catch (resumeError) {
      // The assistant lost the paused request: asking the original question again picks the
      // conversation up where it was, now with the visitor signed in.
      console.error('Resuming after sign-in failed; re-sending the previous message', resumeError);
      if (!interrupt.previousUserText) throw resumeError;
      // Still answering the notice: a resume that did get through is not answered twice.
      const response = await ask(m, r, interrupt.previousUserText, { messageId: notice.id });
      apply(m, r, response, interrupt.previousUserText);
    }
  } catch (error) {
    console.error('Completing sign-in failed', error);
    // 'Try again' asks the visitor's question once more, signed in now: no dead end.
    converse(m, r, { type: 'failed', alert: 'failedToCompleteSignIn', smartReplies: m.replies.retry });
  }
}

/** The visitor chose `reply` instead of signing in. */
export async function declineInterrupt(m: SessionMachine, reply: OfferedSmartReply): Promise<void> {
  const taken = takeInterrupt(m);
  if (!taken) return;
  const { r, interrupt } = taken;
  try {
    const saved = await m.data.addMessage(roomOf(m, r).conversation.id, {
      id: m.newId(),
      role: 'user',
      text: reply.text,
    });
    converse(m, r, { type: 'awaiting-reply', afterMessageId: saved.id });
    const response = await resume(
      m,
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
    apply(m, r, response, reply.text, m.replies.declineFallback);
  } catch (error) {
    console.error('Declining sign-in failed', error);
    converse(m, r, { type: 'failed', alert: 'failedToProcessSelection', smartReplies: m.replies.retry });
  }
}

/** The visitor closed the phone widget. */
export async function cancelInterrupt(m: SessionMachine): Promise<void> {
  const taken = takeInterrupt(m);
  if (!taken) return;
  try {
    await saveSystemMessage(m, taken.r, m.texts.authCancelled);
  } catch (error) {
    console.error('Saving the cancellation notice failed', error);
    converse(m, taken.r, { type: 'failed', alert: 'failedToSendMessage' });
  }
}

/** §3 feed item on the visitor's first signup, at most once per conversation; a failure is only logged. */
async function postSignupFeed(m: SessionMachine, r: number, user: ConfirmedUser): Promise<void> {
  const room = roomOf(m, r);
  if (!user.isNewUser || room.feedPosted) return;
  m.dispatch({ type: 'feed-posting', room: r });
  const conversationId = room.conversation.id;
  try {
    const conversation = await m.data.getConversation(conversationId);
    if (!conversation || conversation.signupFeedPosted) return;
    await m.data.addFeedItem(m.business.id, signupFeedItem(user, conversationId));
    await m.data.markSignupFeedPosted(conversationId);
  } catch (error) {
    console.error('Posting the signup feed item failed', error);
  }
}
