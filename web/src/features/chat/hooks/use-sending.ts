import { useEffect, useState, type Dispatch } from 'react';
import { lastUserMessageText, normaliseOutgoing, type Message } from '@chat/core';
import { ERROR_TEXT, UI_TEXT } from '../../../lib/i18n/active-text.js';
import type { ChatOperations } from './chat-operations.js';
import { RETRY_SMART_REPLIES, type ChatAction } from './chat-state.js';
import { conversationRefusal } from './conversation-refusal.js';
import type { Carry, OutboxItem } from './outbox.js';
import { useOutbox, type Deliver } from './use-outbox.js';

export interface Sending {
  /** The visitor's messages on their way out, shown until their stored copies arrive. */
  outbox: OutboxItem[];
  /** §4 "Sending a user message"; false when the message could not be saved (it waits to be retried). */
  sendMessage(text: string): Promise<boolean>;
  /** Sends a message whose save failed once more. */
  retry(key: string): void;
  /** 'try again' (§4): the last visitor message goes to the assistant once more. */
  tryAgain(): Promise<void>;
  /**
   * The server no longer has this conversation (the live stream said so): resolve again with what
   * was not sent yet. False when the page may not leave it (see `mayLeave`).
   */
  leaveGone(): boolean;
  /**
   * Whether the page may leave this conversation by itself. Not a conversation it has just moved to
   * until the assistant has answered there: whatever the server does, the page never replaces one
   * conversation with the next in a loop — it shows the §8 error instead.
   */
  mayLeave: boolean;
}

/**
 * Sending the visitor's messages (§4) through the outbox (use-outbox.ts): each shows at once, is
 * saved in turn, then asked about. A conversation the page finds it cannot use — expired by the
 * server's clock (server-clock.ts), or refused by the server as gone or expired
 * (conversation-refusal.ts) — is left for a new one (§4 resolution step 5) that gets what was not sent:
 * the messages waiting, those that failed, and the visitor's draft.
 */
export function useSending(params: {
  ops: ChatOperations;
  dispatch: Dispatch<ChatAction>;
  /** The stored, visible messages, ordered by createdAt. */
  messages: Message[];
  /** Whether the conversation has expired by now, by the server's clock. */
  isExpired(): boolean;
  /** Continues in a new conversation with `carry`; false when none could be created. */
  onMoveOn(carry: Carry): Promise<boolean>;
  /** What this conversation was handed by the one the page left, if any (sent once `ready`). */
  carried: Carry | null;
  /** The page can send: the messages are loaded and the business allows chatting. */
  ready: boolean;
  /** The text in the message box, carried along when the page leaves the conversation. */
  draft(): string;
}): Sending {
  const { ops, dispatch, messages, isExpired, onMoveOn, carried, ready, draft } = params;
  const [answered, setAnswered] = useState(false);
  const mayLeave = carried === null || answered;

  // What a message's turn in the outbox does (declared first: the outbox is made with it, and it
  // reaches back to the outbox, and to `leave` and `answer` below, only when a turn runs).
  const deliver: Deliver = async (item) => {
    // §4 steps 4–5 at send time: a conversation that is over by the server's clock (a tab left open
    // past its 24 hours) is replaced, and the message goes to the new one.
    if (isExpired() && mayLeave) return (await leave(null)) ? 'carried' : 'failed';
    let saved: Message;
    try {
      saved = await ops.saveUserMessage(item.text);
    } catch (error) {
      if (conversationRefusal(error, 'write') && mayLeave) return (await leave(null)) ? 'carried' : 'failed';
      console.error('Saving the message failed', error);
      outbox.failed(item.key);
      dispatch({ type: 'failed', alert: ERROR_TEXT.failedToSendMessage });
      return 'failed';
    }
    outbox.saved(item.key, saved.id);
    // The save has just told the page the server's time: a conversation that turns out to be over
    // is left now, with this message, rather than refused by the assistant a moment later.
    if (isExpired() && mayLeave && (await leave(item.text))) return 'carried';
    dispatch({ type: 'awaiting-reply', afterMessageId: saved.id });
    void answer(item.text);
    return 'saved';
  };

  const outbox = useOutbox(carried, () => messages.length, deliver);

  /**
   * Moves on to a new conversation with what was not sent here (`first` ahead of the rest) and the
   * draft. False when none could be created: the page stays, the waiting messages marked failed.
   */
  async function leave(first: string | null): Promise<boolean> {
    const carry = outbox.leave(first, draft());
    if (!carry) return true; // already on its way to a new conversation
    if (await onMoveOn(carry)) return true;
    outbox.stay();
    return false;
  }

  /**
   * Asks the assistant about the visitor's `text` and applies its answer. When the assistant refuses
   * the conversation itself, the question goes to a new one; any other failure becomes the 'Failed
   * to get AI response' alert with a 'Try again' reply. Never throws.
   */
  async function answer(text: string): Promise<void> {
    try {
      ops.applyResponse(await ops.askAssistant(text), text);
      setAnswered(true);
    } catch (error) {
      if (conversationRefusal(error, 'chat') && mayLeave && (await outbox.inTurn(() => leave(text)))) return;
      console.error('The chat service failed', error);
      dispatch({
        type: 'failed',
        alert: ERROR_TEXT.failedToGetAiResponse,
        smartReplies: RETRY_SMART_REPLIES,
      });
    }
  }

  const { sendCarried } = outbox;
  useEffect(() => {
    if (ready) sendCarried();
  }, [ready, sendCarried]);

  const sendMessage = async (raw: string): Promise<boolean> => {
    const text = normaliseOutgoing(raw);
    if (!text) return true;
    dispatch({ type: 'action-started' });
    return (await outbox.send(text)) !== 'failed';
  };

  const retry = (key: string) => {
    dispatch({ type: 'action-started' });
    void outbox.retry(key);
  };

  const tryAgain = async () => {
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
    if (isExpired() && mayLeave) {
      await outbox.inTurn(() => leave(previous));
      return;
    }
    dispatch({ type: 'awaiting-reply', afterMessageId: messages.at(-1)?.id ?? null });
    await answer(previous);
  };

  const leaveGone = () => {
    if (!mayLeave) return false;
    void outbox.inTurn(() => leave(null));
    return true;
  };

  return { outbox: outbox.items, sendMessage, retry, tryAgain, leaveGone, mayLeave };
}
