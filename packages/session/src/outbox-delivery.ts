/**
 * Delivering the visitor's messages: each waits in the outbox's line (one saved at a time, in the
 * order sent), is saved under the id it was shown with (again while the connection is lost), and is asked about
 * as its save leaves — the chat service answering once it is stored (decision 0025). A save that
 * fails leaves it 'failed' for Retry, under the same id — so a first attempt that reached the server
 * after all leaves one copy. outbox.ts holds the items' shape;
 * session-state.ts what each step does to the state.
 */
import { isUnreachable, normaliseOutgoing, ProviderError, type ChatResponse, type Message } from '@chat/core';
import { answer, ask } from './assistant-answers.js';
import { nextAttempt } from './connection.js';
import { conversationRefusal } from './conversation-refusal.js';
import { leaveRoom } from './conversation-moves.js';
import type { OutboxItem } from './outbox.js';
import { isExpired, roomOf, type SessionMachine } from './session-machine.js';
import { mayLeave } from './session-state.js';

type TurnEnd = 'sent' | 'failed' | 'carried';

/** Adds the visitor's `raw` words to room `room`'s outbox and delivers them; false when the save failed. */
export async function sendText(m: SessionMachine, room: number, raw: string): Promise<boolean> {
  // §6: nothing is sent to a business that cannot be chatted with (a conversation shown read-only).
  if (!m.state.chatEnabled) return false;
  const text = normaliseOutgoing(raw);
  if (!text) return true;
  const id = m.newId();
  // Told to the page once the save's and the question's requests have left (the tasks queued by
  // then), not at once: the page's render of the message would otherwise run before them (the
  // line's awaits come after this) and hold the reply up by as much. The question's typing
  // indicator, a task after it, shows the message with it; the paint after those tasks at the latest.
  m.dispatch(
    { type: 'message-added', room, item: { id, text, delivery: 'sending' } },
    { tell: 'after-queued-tasks' },
  );
  return (await queue(m, room, id)) !== 'failed';
}

/** Delivers a 'failed' item once more; false when there is none by that id or the save failed again. */
export async function retryItem(m: SessionMachine, room: number, messageId: string): Promise<boolean> {
  const item = roomOf(m, room).outbox.find((i) => i.id === messageId);
  if (!item || item.delivery !== 'failed') return false;
  // At the end of the line, under the same id: if an earlier attempt landed after all, this
  // write is a no-op that answers with the stored copy.
  m.dispatch({ type: 'message-retried', room, id: messageId });
  return (await queue(m, room, messageId)) !== 'failed';
}

/** Puts the 'sending' item `id` in the outbox's line (SessionMachine.inLine). */
export function queue(m: SessionMachine, room: number, id: string): Promise<TurnEnd> {
  const failuresBefore = roomOf(m, room).failures;
  return m.inLine(room, async (): Promise<TurnEnd> => {
    const r = roomOf(m, room);
    if (r.left) return 'carried';
    const item = r.outbox.find((i) => i.id === id);
    if (!item || item.delivery !== 'sending') return 'failed';
    if (r.failures !== failuresBefore) {
      m.dispatch({ type: 'delivery', room, id, delivery: 'failed' });
      return 'failed';
    }
    return deliver(m, room, item);
  });
}

/** One message's go in the line: saved (then asked about), or failed, or carried to a new conversation. */
async function deliver(m: SessionMachine, room: number, item: OutboxItem): Promise<TurnEnd> {
  // §4 steps 4–5 at send time: a conversation that is over by the server's clock (a tab left open
  // past its 24 hours) is replaced, and the message goes to the new one.
  if (isExpired(m, room) && mayLeave(roomOf(m, room))) {
    return (await leaveRoom(m, room, null)) ? 'carried' : 'failed';
  }
  // The question leaves as the save does (decision 0025): the chat service answers once the message
  // is stored, so §4's order holds while the two travel together. Its answer is applied only once the
  // save has landed; a save that fails withdraws it (a Retry, or a late landing, asks afresh).
  const question = new AbortController();
  let asked: Promise<ChatResponse> | undefined;
  let saved: Message;
  try {
    saved = await saveReaching(m, room, item, () => {
      asked = askWhileSaving(m, room, item, question.signal);
      asked.catch(() => undefined); // judged below, once the save is known
    });
  } catch (error) {
    question.abort();
    if (conversationRefusal(error, 'write') && mayLeave(roomOf(m, room))) {
      return (await leaveRoom(m, room, null)) ? 'carried' : 'failed';
    }
    console.error('Saving the message failed', error);
    m.dispatch({ type: 'save-failed', room, id: item.id });
    return 'failed';
  }
  // The save has just told the session the server's time: a conversation that turns out to be over
  // is left now, with this message, rather than refused by the assistant a moment later.
  if (isExpired(m, room) && mayLeave(roomOf(m, room))) {
    m.dispatch({ type: 'delivery', room, id: item.id, delivery: 'sent' });
    question.abort(); // put in the conversation left behind
    asked = undefined;
    if (await leaveRoom(m, room, item.text)) return 'carried';
  }
  // Saved: the assistant's answer is applied (§4's order). Its answer cannot come back before the
  // wait below is recorded: answer() awaits before it applies anything.
  const answered = answer(m, room, item, asked);
  m.dispatch({ type: 'message-saved', room, id: item.id, afterMessageId: saved.id });
  void answered;
  return 'sent';
}

/**
 * The question about `item` put while its save is on the way, naming the message (decision 0025). A
 * task later, so the save's request (sent once its own awaits are done) leaves first; not at all when
 * the save has failed by then. §4's typing indicator goes with it (the reply may come before the
 * save's answer), a task later again: the re-render it causes would otherwise hold up the request.
 * These two waits order requests on the wire and a render against them, not the session's state.
 */
async function askWhileSaving(
  m: SessionMachine,
  room: number,
  item: OutboxItem,
  withdrawn: AbortSignal,
): Promise<ChatResponse> {
  await nextTask();
  if (withdrawn.aborted) throw new ProviderError('unavailable', 'The save failed first');
  const asking = ask(m, room, item.text, { messageId: item.id, signal: withdrawn });
  void nextTask().then(() => {
    const r = roomOf(m, room);
    const sending = r.outbox.find((i) => i.id === item.id)?.delivery === 'sending';
    if (sending && !withdrawn.aborted && !r.left && !m.state.connectionLost) {
      m.dispatch({ type: 'conversation', room, action: { type: 'awaiting-reply', afterMessageId: item.id } });
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
  m: SessionMachine,
  room: number,
  item: OutboxItem,
  /** Called once, right after the first save request has left. */
  onSaving: () => void,
): Promise<Message> {
  const conversationId = roomOf(m, room).conversation.id;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const saving = m.data.addMessage(conversationId, { id: item.id, role: 'user', text: item.text });
      if (attempt === 0) onSaving();
      const saved = await saving;
      m.dispatch({ type: 'connection-reached' });
      return saved;
    } catch (error) {
      if (!isUnreachable(error) || roomOf(m, room).left) throw error;
      // The typing indicator the question put up goes: nothing is on its way while offline.
      m.dispatch({ type: 'conversation', room, action: { type: 'question-withdrawn' } });
      m.dispatch({ type: 'connection-lost' });
      await nextAttempt(m.hints, m.reconnectDelaysMs, attempt);
      if (roomOf(m, room).left) throw error;
    }
  }
}
