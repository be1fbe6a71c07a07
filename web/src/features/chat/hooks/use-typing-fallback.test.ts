import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Awaiting, ChatAction } from './chat-state.js';
import { REPLY_MESSAGE_GRACE_MS, useTypingFallback } from './use-typing-fallback.js';

describe('useTypingFallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (awaiting: Awaiting | null) => {
    const dispatch = vi.fn<(action: ChatAction) => void>();
    const hook = renderHook(({ value }) => useTypingFallback(value, dispatch), {
      initialProps: { value: awaiting },
    });
    return { dispatch, rerender: (value: Awaiting | null) => hook.rerender({ value }), hook };
  };

  it('declares an answered wait overdue after the grace period', () => {
    const { dispatch } = setup({ afterMessageId: 'u-1', answered: true });
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS - 1);
    expect(dispatch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dispatch).toHaveBeenCalledExactlyOnceWith({ type: 'reply-overdue' });
  });

  it('never times out a wait the chat service has not answered yet', () => {
    const { dispatch } = setup({ afterMessageId: 'u-1', answered: false });
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS * 4);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('starts the grace period afresh for a new wait, and stops when the wait ends', () => {
    const { dispatch, rerender } = setup({ afterMessageId: 'u-1', answered: true });
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS - 1000);
    rerender({ afterMessageId: 'u-2', answered: true });
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS - 1);
    expect(dispatch).not.toHaveBeenCalled();
    rerender(null);
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('clears its timer on unmount', () => {
    const { dispatch, hook } = setup({ afterMessageId: 'u-1', answered: true });
    hook.unmount();
    vi.advanceTimersByTime(REPLY_MESSAGE_GRACE_MS);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
