import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Sends `text` once in this conversation as soon as it is ready: the message a visitor typed into a
 * conversation that had expired while the page was open, carried over to the new one (§4 resolution
 * steps 4–5 run at send time). The text may arrive after the view mounts (the new conversation is
 * shown before the hand-over), so the guard is a ref, not the mount.
 */
export function useCarriedMessage(
  ready: boolean,
  text: string | null,
  send: (text: string) => Promise<unknown>,
): void {
  const sent = useRef(false);
  const sendOnce = useEffectEvent((value: string) => void send(value));
  useEffect(() => {
    if (!ready || text === null || sent.current) return;
    sent.current = true;
    sendOnce(text);
  }, [ready, text]);
}
