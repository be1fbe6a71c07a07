import { describe, expect, it } from 'vitest';
import { shouldShowToast, TOAST_DEDUPE_MS, TOAST_DURATION_MS } from './toast-timing.js';

const T0 = Date.UTC(2026, 2, 9, 12, 0, 0);

describe('toast timing (§9: visible about 3.7 s, the same text suppressed for 800 ms)', () => {
  it('has the §9 durations', () => {
    expect(TOAST_DURATION_MS).toBe(3700);
    expect(TOAST_DEDUPE_MS).toBe(800);
  });

  it('shows a text the first time', () => {
    expect(shouldShowToast(new Map(), 'Limit reached', T0)).toBe(true);
  });

  it('suppresses the same text within 800 ms', () => {
    const shown = new Map<string, number>();
    expect(shouldShowToast(shown, 'Limit reached', T0)).toBe(true);
    expect(shouldShowToast(shown, 'Limit reached', T0)).toBe(false);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 1)).toBe(false);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 799)).toBe(false);
  });

  it('shows the same text again at 800 ms', () => {
    const shown = new Map<string, number>();
    shouldShowToast(shown, 'Limit reached', T0);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 800)).toBe(true);
  });

  it('measures the 800 ms from the last time the text was shown, not from a suppressed attempt', () => {
    const shown = new Map<string, number>();
    shouldShowToast(shown, 'Limit reached', T0);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 500)).toBe(false);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 800)).toBe(true);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 1599)).toBe(false);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 1600)).toBe(true);
  });

  it('treats different texts independently', () => {
    const shown = new Map<string, number>();
    expect(shouldShowToast(shown, 'Limit reached', T0)).toBe(true);
    expect(shouldShowToast(shown, 'Pasted text was truncated', T0 + 1)).toBe(true);
    expect(shouldShowToast(shown, 'Limit reached', T0 + 2)).toBe(false);
    expect(shouldShowToast(shown, 'Pasted text was truncated', T0 + 3)).toBe(false);
  });
});
