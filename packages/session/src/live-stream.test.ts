import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { openSession, stopSessions } from './testing/open-session.js';
import { manualFrames } from './testing/manual-frames.js';

afterEach(stopSessions);

const reply = (text: string, streaming: boolean) => [
  { id: 'q', role: 'user', text: 'Are you open?', createdAt: 1 },
  { id: 'r', role: 'model', text, createdAt: 2, ...(streaming ? { streaming: true } : {}) },
];

const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the live stream, one list per frame', () => {
  it('shows the first list of a frame at once and only the newest of the later ones, at the frame', async () => {
    const frames = manualFrames();
    const { session, backend, conversationId } = await openSession({ nextFrame: frames.nextFrame });
    frames.paint();
    const seen: string[] = [];
    session.subscribe(() => {
      const text = session.getState().messages.find((m) => m.id === 'r')?.text;
      if (text !== undefined && seen.at(-1) !== text) seen.push(text);
    });

    backend.data.pushRawSnapshot(conversationId, reply('We', true));
    await microtasks();
    expect(seen).toEqual(['We']); // the reply's first words wait for nothing
    backend.data.pushRawSnapshot(conversationId, reply('We are', true));
    backend.data.pushRawSnapshot(conversationId, reply('We are open', true));
    await microtasks();
    expect(seen).toEqual(['We']); // the same frame: held
    frames.paint();
    expect(seen).toEqual(['We', 'We are open']); // the newest only
    frames.paint();
    backend.data.pushRawSnapshot(conversationId, reply('We are open until 7.', false));
    await microtasks();
    expect(seen).toEqual(['We', 'We are open', 'We are open until 7.']);
  });

  it('shows a held list before the stream fails, and nothing once it is stopped', async () => {
    const frames = manualFrames();
    const { session, backend, conversationId } = await openSession({ nextFrame: frames.nextFrame });
    frames.paint();
    backend.data.pushRawSnapshot(conversationId, reply('We', true));
    await microtasks();
    backend.data.pushRawSnapshot(conversationId, reply('We are open', false));
    await microtasks();
    backend.data.breakSubscriptions(conversationId, new ProviderError('unavailable', 'gone'));
    await microtasks();
    const state = session.getState();
    expect(state.messages.find((m) => m.id === 'r')?.text).toBe('We are open');

    const second = await openSession({ nextFrame: frames.nextFrame });
    frames.paint();
    second.backend.data.pushRawSnapshot(second.conversationId, reply('We', true));
    await microtasks();
    second.backend.data.pushRawSnapshot(second.conversationId, reply('We are open', false));
    await microtasks();
    second.session.stop();
    frames.paint();
    expect(second.session.getState().messages.find((m) => m.id === 'r')?.text).toBe('We');
  });
});
