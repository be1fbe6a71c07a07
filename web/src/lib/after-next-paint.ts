/** How long a wait for the next paint lasts in a tab that paints nothing (a hidden tab runs no frames). */
export const HIDDEN_TAB_FRAME_MS = 100;

/**
 * Runs `run` once, a task after the browser's next animation frame — so after the paint of what is on
 * the page now — or after HIDDEN_TAB_FRAME_MS if no frame comes. Returns a function that cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, HIDDEN_TAB_FRAME_MS);
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
  return cancel;
}
