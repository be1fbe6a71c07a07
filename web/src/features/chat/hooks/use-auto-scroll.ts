import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as "at the latest message". */
const NEAR_BOTTOM_PX = 72;

/**
 * Keeps a scrolling message area at its latest content — including a reply that grows while it
 * streams — unless the visitor has scrolled up to read; then `showJump` offers a way back.
 * `contentKey` changes whenever the content may have grown.
 */
export function useAutoScroll<T extends HTMLElement>(contentKey: string) {
  const ref = useRef<T>(null);
  // Read inside the layout effect without waiting for a render, hence a ref beside the state.
  const following = useRef(true);
  const [showJump, setShowJump] = useState(false);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    following.current = atBottom;
    setShowJump(!atBottom);
  }, []);

  // In the next animation frame, not in the commit: reading scrollHeight lays the page out, and a
  // streamed reply commits several times a frame (one per chunk) — in the commit that was a layout per
  // chunk, and the first one held up the requests a send starts (Enter → first reply, issue 31). An
  // animation frame runs before the frame is painted, so the visitor never sees the list unscrolled.
  useLayoutEffect(() => {
    if (!following.current) return;
    const frame = requestAnimationFrame(() => {
      const el = ref.current;
      if (el && following.current) el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [contentKey]);

  const jumpToLatest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    following.current = true;
    el.scrollTop = el.scrollHeight;
    setShowJump(false);
  }, []);

  return { ref, onScroll, showJump, jumpToLatest };
}
