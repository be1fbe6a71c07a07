import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { clampToLimit, normaliseOutgoing } from '@chat/core';
import { finishEarlyComposer, type EarlyComposerState } from '../../composer/early-composer.js';

export interface EarlyHandover {
  /** What the conversation's box starts with ('' for nothing). */
  text: string;
  /** Where its caret starts, and whether it has the focus. */
  caret: { start: number; end: number; focused: boolean } | null;
}

/**
 * The conversation view takes what the visitor did before the conversation existed (issue 31;
 * features/composer/early-composer.ts): the draft goes into its box with the caret where it was, and a
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
    const text = clampToLimit(chatEnabled ? early.draft : early.draft || (pending ?? '')).text;
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
