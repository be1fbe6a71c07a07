/**
 * Which conversation a chat session shows, and the moves between them: resolving the one the URL
 * names (§4 "Conversation resolution"), entering one, and leaving it for a new one with what was not
 * sent (§4 steps 4–5: expired, or no longer on the server) or at the visitor's request.
 */
import { isChatEnabled, type Conversation } from '@chat/core';
import { carryOf, type Carry } from './outbox.js';
import { createConversationFor, resolveConversation } from './resolve-conversation.js';
import { closeRoom, newRoom, type Room } from './room.js';
import { changed, type SessionCore } from './session-core.js';

/** Shows `conversation` (a no-op when it is shown already), its outbox holding what was `carried`. */
export function enter(
  s: SessionCore,
  conversation: Conversation,
  carried: Carry | null,
  fresh = false,
): void {
  if (s.room?.conversation.id === conversation.id) return;
  if (s.room) closeRoom(s.room);
  const r = newRoom(conversation, carried, s.newId);
  r.fresh = fresh;
  s.draft = carried?.draft ?? '';
  s.room = r;
  s.conversationStatus = { status: 'ready', conversation };
  s.listen(r);
}

/**
 * Shows the conversation `conversationId` names, else the tab's, else a new one (the ChatSession's
 * `open`). A later call replaces one under way; the same one again does nothing.
 */
export function openConversation(s: SessionCore, conversationId: string | undefined): void {
  if (conversationId && s.room?.conversation.id === conversationId) return;
  const key = conversationId ?? '';
  if (s.opening?.key === key) return;
  const job = { key };
  s.opening = job;
  void resolveConversation(s.business, conversationId, {
    data: s.data,
    auth: s.auth,
    session: s.storage,
    now: s.clock.now,
    retryDelaysMs: s.readRetryDelaysMs,
  }).then((resolution) => {
    if (s.opening !== job) return;
    s.opening = null;
    switch (resolution.kind) {
      case 'redirect':
        s.navigateTo = { conversationId: resolution.conversationId };
        break;
      case 'ready':
        enter(s, resolution.conversation, null, resolution.created);
        if (resolution.conversation.id !== conversationId) {
          s.navigateTo = { conversationId: resolution.conversation.id };
        }
        break;
      case 'closed':
        s.conversationStatus = { status: 'closed' };
        if (resolution.strayConversationId) s.navigateTo = { conversationId: null };
        break;
      case 'failed':
        console.error('Creating a conversation failed', resolution.error);
        s.conversationStatus = { status: 'error', error: 'failedToCreateConversation' };
        break;
      case 'unreadable':
        // The thread is kept: the URL and the tab still name it, so a reload tries again.
        console.error('Reading the conversation failed after retries', resolution.error);
        s.conversationStatus = {
          status: 'error',
          error: 'failedToListen',
          ...(conversationId ? { conversationId } : {}),
        };
        break;
    }
    changed(s);
  });
}

function createConversation(s: SessionCore): Promise<Conversation> {
  // A double click (or the header button and a 'start a new chat' reply at once) makes one.
  s.creating ??= createConversationFor(s.business, {
    data: s.data,
    auth: s.auth,
    session: s.storage,
    now: s.clock.now,
  }).finally(() => {
    s.creating = null;
  });
  return s.creating;
}

/** Creates a new conversation and shows it with `carry`; false (with the §8 alert) when it cannot. */
export async function moveTo(s: SessionCore, carry: Carry | null): Promise<boolean> {
  // Nothing to move to with a business that cannot be chatted with (§6): none is created.
  if (!isChatEnabled(s.business)) return false;
  s.newChatFailed = false;
  changed(s);
  try {
    const conversation = await createConversation(s);
    enter(s, conversation, carry);
    s.navigateTo = { conversationId: conversation.id };
    changed(s);
    return true;
  } catch (error) {
    console.error('Creating a new conversation failed', error);
    s.newChatFailed = true;
    changed(s);
    return false;
  }
}

/**
 * Moves on to a new conversation with what was not sent in `r` (`first` ahead of the rest) and the
 * draft. False when none could be created: the session stays, the waiting messages marked failed.
 */
export async function leaveRoom(s: SessionCore, r: Room, first: string | null): Promise<boolean> {
  if (r.left) return true; // already on its way to a new conversation
  r.left = true;
  const carry = carryOf(r.outbox, first, s.draft);
  if (await moveTo(s, carry)) return true;
  r.left = false;
  r.failures += 1;
  r.outbox = r.outbox.map((i) => (i.delivery === 'sending' ? { ...i, delivery: 'failed' } : i));
  if (r === s.room) changed(s);
  return false;
}
