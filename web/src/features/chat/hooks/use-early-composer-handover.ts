import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { clampToLimit, normaliseOutgoing } from '@chat/core';
import type { ChatSession } from '@chat/session';
import {
  finishEarlyComposer,
  peekEarlyComposer,
  type EarlyComposerState,
} from '../../composer/early-composer.js';

/**
 * The text the conversation's box starts with from what the visitor did before the conversation
 * existed: the draft; where nothing can be sent (§6), a held message stays in the box instead.
 */
function earlyDraftFor(early: EarlyComposerState, chatEnabled: boolean): string {
  return clampToLimit(chatEnabled ? early.draft : early.draft || (early.pendingSend ?? '')).text;
}

/**
 * What the visitor typed before the conversation existed becomes the session's draft — the box's one
 * owner — as soon as the session shows what the page will show (a conversation, or the page of a
 * business that cannot be chatted with), in the session's listener, so before React renders the
 * conversation view: its box starts with that text, and places the caret and selection in it
 * (decision 0033). Once in practice: the view empties the early store as it takes the text over.
 * `chatEnabled` is the session's (fixed).
 */
export function useEarlyDraftHandover(session: ChatSession, chatEnabled: boolean): void {
  useEffect(() => {
    const handOver = () => {
      const { status } = session.getState().conversation;
      if (status !== 'ready' && status !== 'closed') return;
      const early = peekEarlyComposer();
      const text = early ? earlyDraftFor(early, chatEnabled) : '';
      if (text && session.getDraft() !== text) session.setDraft(text);
    };
    return session.subscribe(handOver);
  }, [session, chatEnabled]);
}

export interface EarlyHandover {
  /** What the conversation's box starts with ('' for nothing). */
  text: string;
  /** Where its caret starts, and whether it has the focus. */
  caret: { start: number; end: number; focused: boolean } | null;
}

/**
 * The conversation view takes what the visitor did before the conversation existed (issue 31;
 * features/composer/early-composer.ts): the draft is in its box (the session's draft since
 * useEarlyDraftHandover) with the caret where it was, and a
 * message an Enter (or a suggested question) asked for is sent once, as soon as the session can send —
 * through `submit`, so §4's special texts and steps apply as to any message. A chat the business does
 * not allow (§6) sends nothing: the text stays in the box, which is disabled with its placeholder.
 *
 * `early` is read once, when the view mounts; `chatEnabled` is the business's (fixed for the view).
 */
export function useEarlyComposerHandover(
  early: EarlyComposerState | null,
  canSend: boolean,
  chatEnabled: boolean,
  submit: (text: string) => Promise<void>,
): EarlyHandover {
  const pending = early?.pendingSend ?? null;
  const [handover] = useState<EarlyHandover>(() => {
    if (!early) return { text: '', caret: null };
    // Nothing can be sent here: the held message stays in the box (with a draft, the draft does).
    const text = earlyDraftFor(early, chatEnabled);
    const at = early.selection ?? { start: text.length, end: text.length };
    return { text, caret: text || early.focused ? { ...at, focused: early.focused } : null };
  });
  const sent = useRef(false);
  const send = useEffectEvent((text: string) => void submit(text));

  useEffect(() => {
    if (!early) return;
    // The box holds the draft now: the stored copy is no longer needed. A message waiting to be sent
    // stays stored until it is (a reload before that still finds it).
    if (pending === null || !chatEnabled) finishEarlyComposer();
  }, [early, pending, chatEnabled]);

  useEffect(() => {
    if (pending === null || !chatEnabled || !canSend || sent.current) return;
    sent.current = true;
    finishEarlyComposer();
    const outgoing = clampToLimit(normaliseOutgoing(pending)).text;
    if (outgoing) send(outgoing);
  }, [pending, chatEnabled, canSend]);

  return handover;
}
