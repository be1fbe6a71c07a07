/**
 * Delivering the visitor's messages: each waits in the outbox's line (one saved at a time, in the
 * order sent), is saved under the id it was shown with (again while the connection is lost), and is asked about
 * as its save leaves — the chat service answering once it is stored (decision 0025). A save that
 * fails leaves it 'failed' for Retry, under the same id — so a first attempt that reached the server
 * after all leaves one copy. outbox.ts holds the items' shape.
 */
import {
  isChatEnabled,
  isUnreachable,
  normaliseOutgoing,
  ProviderError,
  type ChatResponse,
  type Message,
} from '@chat/core';
import { answer, ask } from './assistant-answers.js';
import { conversationRefusal } from './conversation-refusal.js';
import { leaveRoom } from './conversation-moves.js';
import type { OutboxItem } from './outbox.js';
import { inLine, mayLeave, type Room } from './room.js';
import { changed, dispatch, isExpired, patchItem, type SessionCore } from './session-core.js';

type TurnEnd = 'sent' | 'failed' | 'carried';

/** Adds the visitor's `raw` words to the outbox and delivers them; false when the save failed. */
export async function sendText(s: SessionCore, r: Room, raw: string): Promise<boolean> {
  // §6: nothing is sent to a business that cannot be chatted with (a conversation shown read-only).
  if (!isChatEnabled(s.business)) return false;
  const text = normaliseOutgoing(raw);
  if (!text) return true;
  dispatch(s, r, { type: 'action-started' });
  const id = s.newId();
  r.outbox = [...r.outbox, { id, text, delivery: 'sending' }];
  if (r === s.room) changed(s);
  return (await queue(s, r, id)) !== 'failed';
}

/** Delivers a 'failed' item once more; false when there is none by that id or the save failed again. */
export async function retryItem(s: SessionCore, r: Room, messageId: string): Promise<boolean> {
  const item = r.outbox.find((i) => i.id === messageId);
  if (!item || item.delivery !== 'failed') return false;
  dispatch(s, r, { type: 'action-started' });
  // At the end of the line, under the same id: if an earlier attempt landed after all, this
  // write is a no-op that answers with the stored copy.
  r.outbox = [...r.outbox.filter((i) => i.id !== messageId), { ...item, delivery: 'sending' }];
  changed(s);
  return (await queue(s, r, messageId)) !== 'failed';
}

/** Puts the 'sending' item `id` in the outbox's line (inLine). */
export function queue(s: SessionCore, r: Room, id: string): Promise<TurnEnd> {
  const failuresBefore = r.failures;
  return inLine(r, async (): Promise<TurnEnd> => {
    if (r.left) return 'carried';
    const item = r.outbox.find((i) => i.id === id);
    if (!item || item.delivery !== 'sending') return 'failed';
    if (r.failures !== failuresBefore) {
      patchItem(s, r, id, { delivery: 'failed' });
      return 'failed';
    }
    return deliver(s, r, item);
  });
}

/** One message's go in the line: saved (then asked about), or failed, or carried to a new conversation. */
async function deliver(s: SessionCore, r: Room, item: OutboxItem): Promise<TurnEnd> {
  // §4 steps 4–5 at send time: a conversation that is over by the server's clock (a tab left open
  // past its 24 hours) is replaced, and the message goes to the new one.
  if (isExpired(s, r) && mayLeave(r)) return (await leaveRoom(s, r, null)) ? 'carried' : 'failed';
  // The question leaves as the save does (decision 0025): the chat service answers once the message
  // is stored, so §4's order holds while the two travel together. Its answer is applied only once the
  // save has landed; a save that fails withdraws it (a Retry, or a late landing, asks afresh).
  const question = new AbortController();
  let asked: Promise<ChatResponse> | undefined;
  let saved: Message;
  try {
    saved = await saveReaching(s, r, item, () => {
      asked = askWhileSaving(s, r, item, question.signal);
      asked.catch(() => undefined); // judged below, once the save is known
    });
  } catch (error) {
    question.abort();
    if (conversationRefusal(error, 'write') && mayLeave(r)) {
      return (await leaveRoom(s, r, null)) ? 'carried' : 'failed';
    }
    console.error('Saving the message failed', error);
    r.failures += 1;
    patchItem(s, r, item.id, { delivery: 'failed' });
    dispatch(s, r, { type: 'failed', alert: 'failedToSendMessage' });
    return 'failed';
  }
  // The save has just told the session the server's time: a conversation that turns out to be over
  // is left now, with this message, rather than refused by the assistant a moment later.
  if (isExpired(s, r) && mayLeave(r)) {
    patchItem(s, r, item.id, { delivery: 'sent' });
    question.abort(); // put in the conversation left behind
    asked = undefined;
    if (await leaveRoom(s, r, item.text)) return 'carried';
  }
  // Saved: the assistant's answer is applied (§4's order). Its answer cannot come back before the
  // wait below is recorded: answer() awaits before it applies anything.
  const answered = answer(s, r, item, asked);
  patchItem(s, r, item.id, { delivery: 'sent' });
  dispatch(s, r, { type: 'awaiting-reply', afterMessageId: saved.id });
  void answered;
  return 'sent';
}

/**
 * The question about `item` put while its save is on the way, naming the message (decision 0025). A
 * task later, so the save's request (sent once its own awaits are done) leaves first; not at all when
 * the save has failed by then. §4's typing indicator goes with it (the reply may come before the
 * save's answer), a task later again: the re-render it causes would otherwise hold up the request.
 */
async function askWhileSaving(
  s: SessionCore,
  r: Room,
  item: OutboxItem,
  withdrawn: AbortSignal,
): Promise<ChatResponse> {
  await nextTask();
  if (withdrawn.aborted) throw new ProviderError('unavailable', 'The save failed first');
  const asking = ask(s, r, item.text, { messageId: item.id, signal: withdrawn });
  void nextTask().then(() => {
    const sending = r.outbox.find((i) => i.id === item.id)?.delivery === 'sending';
    if (sending && !withdrawn.aborted && !r.left && !s.connection.lost) {
      dispatch(s, r, { type: 'awaiting-reply', afterMessageId: item.id });
    }
  });
  return asking;
}

/** Resolves after the tasks and promise callbacks already queued have run. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Saves `item`, trying again while the connection is lost. A save that gets no answer at all (the
 * network failed: ProviderError.unreachable) leaves the message waiting in the outbox ('Sending…',
 * the page saying 'Reconnecting…') and is made again — after a pause, or sooner when the runtime hints
 * the network is back — under the same id, so a first attempt that did reach the server leaves one
 * copy. Nothing waits for the browser's word that it is online (issue 28): every save is tried.
 */
async function saveReaching(
  s: SessionCore,
  r: Room,
  item: OutboxItem,
  /** Called once, right after the first save request has left. */
  onSaving: () => void,
): Promise<Message> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const saving = s.data.addMessage(r.conversation.id, { id: item.id, role: 'user', text: item.text });
      if (attempt === 0) onSaving();
      const saved = await saving;
      s.connection.markReached();
      return saved;
    } catch (error) {
      if (!isUnreachable(error) || r.left) throw error;
      // The typing indicator the question put up goes: nothing is on its way while offline.
      dispatch(s, r, { type: 'question-withdrawn' });
      s.connection.markLost();
      await s.connection.nextAttempt(attempt);
      if (r.left) throw error;
    }
  }
}
