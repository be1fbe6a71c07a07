/** §9: a toast is visible about 3.7 s. */
export const TOAST_DURATION_MS = 3700;
/** §9: the same toast text is suppressed for 800 ms. */
export const TOAST_DEDUPE_MS = 800;

/**
 * Whether a toast with `text` should show at `nowMs`, given when each text was last shown.
 * Records the time when it does. Pure apart from the map it is handed.
 */
export function shouldShowToast(lastShown: Map<string, number>, text: string, nowMs: number): boolean {
  const last = lastShown.get(text);
  if (last !== undefined && nowMs - last < TOAST_DEDUPE_MS) return false;
  lastShown.set(text, nowMs);
  return true;
}
