import { describe, expect, it, vi } from 'vitest';
import { createHostBridge } from './host-bridge.js';

const HOST = 'https://bellavista.example';

/** A window whose parent is `parent`, with a message event it can dispatch. */
function fakeWindow() {
  const parent = { postMessage: vi.fn() };
  const target = new EventTarget();
  const win = {
    parent,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  } as unknown as Window;
  const deliver = (data: unknown, origin: string, source: unknown = parent) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { win, parent, deliver };
}

describe('the page side of the embed channel', () => {
  it('posts to the parent with the host origin as the target, never "*"', () => {
    const { win, parent } = fakeWindow();
    createHostBridge(HOST, win).post({ type: 'close' });
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'business-chat', type: 'close' }, HOST);
  });

  it('takes questions only from the parent window at the host origin, and only well-formed ones', () => {
    const { win, deliver } = fakeWindow();
    const asked = vi.fn();
    const stop = createHostBridge(HOST, win).onAsk(asked);
    const ask = { source: 'business-chat', type: 'ask', question: 'Hi' };
    deliver(ask, 'https://evil.example');
    deliver(ask, HOST, { other: 'window' });
    deliver({ ...ask, question: '   ' }, HOST);
    deliver({ ...ask, question: 'x'.repeat(2049) }, HOST);
    deliver({ ...ask, source: 'someone-else' }, HOST);
    expect(asked).not.toHaveBeenCalled();
    deliver(ask, HOST);
    expect(asked).toHaveBeenCalledExactlyOnceWith('Hi');
    stop();
    deliver(ask, HOST);
    expect(asked).toHaveBeenCalledOnce();
  });
});
