import type { DataProvider, Message } from '@chat/core';
import { describe, expect, it, vi } from 'vitest';
import { gateOnSessionRestore } from './session-gated-data-provider.js';

/** A restore the test finishes by hand. */
function pendingRestore() {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { restored: () => promise, finish, fail };
}

function fakeData() {
  const stop = vi.fn();
  const data = {
    getBusinessById: vi.fn(async () => null),
    getBusinessByHandle: vi.fn(async () => null),
    getConversation: vi.fn(async () => null),
    createConversation: vi.fn(),
    addMessage: vi.fn(),
    addFeedItem: vi.fn(async () => {}),
    markSignupFeedPosted: vi.fn(async () => {}),
    subscribeToMessages: vi.fn(() => stop),
  } satisfies DataProvider;
  return { data, stop };
}

describe('gateOnSessionRestore', () => {
  it('reads businesses at once, but holds conversation calls until the session is restored', async () => {
    const { data } = fakeData();
    const restore = pendingRestore();
    const gated = gateOnSessionRestore(data, restore.restored);

    await gated.getBusinessById('b1');
    const reading = gated.getConversation('c1');
    const posting = gated.addFeedItem('b1', {
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: '+15555550100',
      conversationId: 'c1',
      message: '+15555550100 signed up.',
    });
    await Promise.resolve();

    expect(data.getBusinessById).toHaveBeenCalledWith('b1');
    expect(data.getConversation).not.toHaveBeenCalled();
    expect(data.addFeedItem).not.toHaveBeenCalled();

    restore.finish();
    await Promise.all([reading, posting]);
    expect(data.getConversation).toHaveBeenCalledWith('c1');
    expect(data.addFeedItem).toHaveBeenCalledTimes(1);
  });

  it('goes ahead anonymously when the restore fails', async () => {
    const { data } = fakeData();
    const restore = pendingRestore();
    const gated = gateOnSessionRestore(data, restore.restored);

    const reading = gated.getConversation('c1');
    restore.fail(new Error('chunk failed to load'));

    await expect(reading).resolves.toBeNull();
    expect(data.getConversation).toHaveBeenCalledWith('c1');
  });

  it('starts the live listener after the restore, and never when unsubscribed first', async () => {
    const { data, stop } = fakeData();
    const restore = pendingRestore();
    const gated = gateOnSessionRestore(data, restore.restored);
    const observer = { next: (_: Message[]) => {}, error: () => {} };

    const unsubscribeEarly = gated.subscribeToMessages('c-early', observer);
    const unsubscribeLater = gated.subscribeToMessages('c1', observer);
    unsubscribeEarly();
    restore.finish();
    await vi.waitFor(() => expect(data.subscribeToMessages).toHaveBeenCalledTimes(1));

    expect(data.subscribeToMessages).toHaveBeenCalledWith('c1', observer);
    unsubscribeLater();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
