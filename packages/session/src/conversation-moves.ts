/**
 * Which conversation a chat session shows, and the moves between them: resolving the one the URL
 * names (§4 "Conversation resolution"), and leaving one for a new one with what was not sent (§4
 * steps 4–5: expired, or no longer on the server) or at the visitor's request. Entering a
 * conversation is a transition (session-state.ts `enter`); its live stream is the effect runner's.
 */
import type { Conversation } from '@chat/core';
import { startsNewConversation } from './conversation-memory.js';
import { carriedItems, carryOf, type Carry } from './outbox.js';
import { createConversationFor, resolveConversation } from './resolve-conversation.js';
import { roomOf, type SessionMachine } from './session-machine.js';
import { shownRoom } from './session-state.js';

/**
 * Asks to show the conversation `conversationId` names, else the tab's, else a new one (the
 * ChatSession's `open`; the effect runner starts the resolution, `resolveOpening`). A later call
 * replaces one under way; the same one again does nothing.
 */
export function openConversation(m: SessionMachine, conversationId: string | undefined): void {
  if (conversationId && shownRoom(m.state)?.conversation.id === conversationId) return;
  const key = conversationId ?? '';
  if (m.state.opening?.key === key) return;
  m.dispatch({ type: 'opening', key, startsNew: startsNewConversation(m.storage, conversationId) });
}

/**
 * Resolves the opening number `seq` (the URL's id `key`, '' for none: §4 "Conversation resolution")
 * and dispatches what it settled on, unless a later opening replaced it meanwhile.
 */
export function resolveOpening(m: SessionMachine, seq: number, key: string): void {
  const conversationId = key || undefined;
  void resolveConversation(m.business, conversationId, {
    data: m.data,
    auth: m.auth,
    session: m.storage,
    now: m.clock.now,
    retryDelaysMs: m.readRetryDelaysMs,
  }).then((resolution) => {
    if (m.state.opening?.seq !== seq) return; // replaced by a later open
    if (resolution.kind === 'failed') console.error('Creating a conversation failed', resolution.error);
    if (resolution.kind === 'unreadable') {
      console.error('Reading the conversation failed after retries', resolution.error);
    }
    m.dispatch({ type: 'resolved', seq, requested: conversationId, resolution });
  });
}

function createConversation(m: SessionMachine): Promise<Conversation> {
  // A double click (or the header button and a 'start a new chat' reply at once) makes one.
  return m.joinInFlight('create-conversation', () =>
    createConversationFor(m.business, { data: m.data, auth: m.auth, session: m.storage, now: m.clock.now }),
  );
}

/** Creates a new conversation and shows it with `carry`; false (with the §8 alert) when it cannot. */
export async function moveTo(m: SessionMachine, carry: Carry | null): Promise<boolean> {
  // Nothing to move to with a business that cannot be chatted with (§6): none is created.
  if (!m.state.chatEnabled) return false;
  m.dispatch({ type: 'new-chat-requested' });
  try {
    const conversation = await createConversation(m);
    // The carried messages get their new ids here, so the transition itself stays pure.
    const outbox = carry ? carriedItems(carry, m.newId) : [];
    m.dispatch({ type: 'new-chat-created', conversation, carried: carry, outbox });
    return true;
  } catch (error) {
    console.error('Creating a new conversation failed', error);
    m.dispatch({ type: 'new-chat-failed' });
    return false;
  }
}

/**
 * Moves on from room `room` to a new conversation with what was not sent there (`first` ahead of the
 * rest) and the draft. False when none could be created: the session stays, the waiting messages
 * marked failed.
 */
export async function leaveRoom(m: SessionMachine, room: number, first: string | null): Promise<boolean> {
  const r = roomOf(m, room);
  if (r.left) return true; // already on its way to a new conversation
  m.dispatch({ type: 'leaving', room });
  if (await moveTo(m, carryOf(r.outbox, first, m.state.draft))) return true;
  m.dispatch({ type: 'leave-failed', room });
  return false;
}
