import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantMarkdown } from './assistant-markdown.js';
import { preloadOnIntent, withoutMarkdownMarks, WRITING_PAUSE_MS } from './lazy-assistant-markdown.js';

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

describe('withoutMarkdownMarks: a reply read before the renderer is there', () => {
  it.each([
    [
      "I've got your booking update for reference **BV\\-2041**.",
      "I've got your booking update for reference BV-2041.",
    ],
    [
      '[Find us on Google Maps](https://maps.google.com/?q=1) or call __today__.',
      'Find us on Google Maps or call today.',
    ],
    ['Run `npm install` first.', 'Run npm install first.'],
    ['We are open 9\\*5.', 'We are open 9*5.'],
  ])('%s reads as the renderer will show it', (markdown, words) => {
    expect(withoutMarkdownMarks(markdown)).toBe(words);
    const { container, unmount } = render(<AssistantMarkdown text={markdown} />);
    expect(container.textContent?.trim()).toBe(words);
    unmount();
  });

  it('keeps what it cannot tell apart: bullets and single stars', () => {
    expect(withoutMarkdownMarks('- cuts\n* colour and *style*')).toBe('- cuts\n* colour and *style*');
  });
});
