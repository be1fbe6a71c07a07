import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOnIntent, WRITING_PAUSE_MS } from './lazy-assistant-markdown.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('preloadOnIntent: the Markdown renderer loads once the visitor pauses', () => {
  it('not at the first key, nor while the visitor goes on writing, but once they pause', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const load = vi.fn(() => Promise.resolve());
    preloadOnIntent(target as unknown as Document, { load });
    target.dispatchEvent(new Event('keydown'));
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(WRITING_PAUSE_MS - 100);
    target.dispatchEvent(new Event('input'));
    vi.advanceTimersByTime(WRITING_PAUSE_MS - 100);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(load).toHaveBeenCalledTimes(1);
    // Loaded once: later writing asks for nothing more.
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(WRITING_PAUSE_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('counts the pause from the start when the visitor has already written', () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    preloadOnIntent(new EventTarget() as unknown as Document, { writing: true, load });
    vi.advanceTimersByTime(WRITING_PAUSE_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing on a page nobody writes in', () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    preloadOnIntent(new EventTarget() as unknown as Document, { load });
    vi.advanceTimersByTime(60_000);
    expect(load).not.toHaveBeenCalled();
  });
});
