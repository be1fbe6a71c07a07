import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { bookingUpdateMessage } from '@chat/core';

/**
 * §2 query parameters: once the page is ready, `question` is sent as the visitor's message and `i`
 * as a booking-update message, each once, and both are then removed from the URL (other parameters
 * stay). The guard remembers what was sent, because the URL update lands after the effect may run
 * again (StrictMode's double effects, or a re-render in between).
 */
export function useQueryParamMessages(ready: boolean, send: (text: string) => Promise<unknown>): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef(new Set<string>());

  const sendAll = useEffectEvent(async (texts: string[]) => {
    for (const text of texts) await send(text);
  });

  useEffect(() => {
    if (!ready) return;
    const question = params.get('question');
    const booking = params.get('i');
    if (question === null && booking === null) return;

    const outgoing: string[] = [];
    if (question !== null && !handled.current.has(`question=${question}`)) {
      handled.current.add(`question=${question}`);
      if (question.trim()) outgoing.push(question);
    }
    if (booking !== null && !handled.current.has(`i=${booking}`)) {
      handled.current.add(`i=${booking}`);
      if (booking.trim()) outgoing.push(bookingUpdateMessage(booking.trim()));
    }
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
  }, [ready, params, setParams]);
}
