import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampToLimit, clampedBookingUpdateMessage } from '@chat/core';
import { TOAST_TEXT } from '../../../lib/i18n/active-text.js';
import { useToast } from '../../../components/toast/toast-provider.js';

/**
 * §2 query parameters: once the page is ready, `question` is sent as the visitor's message and `i`
 * as a booking-update message, each once, and both are then removed from the URL (other parameters
 * stay). A value past the 2048-character limit is cut to it, with the composer's toast (for `i`,
 * marker and value together fit). The guard remembers what was sent, because the URL update lands after the effect may run
 * again (StrictMode's double effects, or a re-render in between).
 */
export function useQueryParamMessages(ready: boolean, send: (text: string) => Promise<unknown>): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef(new Set<string>());
  const toast = useToast();

  const sendAll = useEffectEvent(async (texts: string[]) => {
    for (const text of texts) await send(text);
  });

  useEffect(() => {
    if (!ready) return;
    const question = params.get('question');
    const booking = params.get('i');
    if (question === null && booking === null) return;

    const outgoing: string[] = [];
    let truncated = false;
    if (question !== null && !handled.current.has(`question=${question}`)) {
      handled.current.add(`question=${question}`);
      const clamped = clampToLimit(question.trim());
      truncated ||= clamped.truncated;
      if (clamped.text) outgoing.push(clamped.text);
    }
    if (booking !== null && !handled.current.has(`i=${booking}`)) {
      handled.current.add(`i=${booking}`);
      const clamped = clampedBookingUpdateMessage(booking.trim());
      truncated ||= clamped.truncated;
      if (booking.trim()) outgoing.push(clamped.text);
    }
    if (truncated) toast.show(TOAST_TEXT.truncated);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('question');
        next.delete('i');
        return next;
      },
      { replace: true },
    );
    if (outgoing.length > 0) void sendAll(outgoing);
  }, [ready, params, setParams, toast]);
}
