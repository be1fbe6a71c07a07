import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { openChat } from '../../test/render-app.js';

beforeEach(() => sessionStorage.clear());

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe("the connection is visible: 'Reconnecting…'", () => {
  it('shows while the stream is down, keeps what was typed, and goes once it is back', async () => {
    const backend = createInMemoryBackend();
    const { user, input, conversation } = await openChat(backend);
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();

    backend.data.setStreamState(conversation.id, 'reconnecting');
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    await user.type(input, 'typed while away');
    expect(input).toBeEnabled();

    backend.data.setStreamState(conversation.id, 'live');
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    expect(input).toHaveValue('typed while away');
  });

  // Issue 28: a laptop with Wi-Fi off says navigator.onLine === false while its page and server are
  // both on localhost. The page does not believe it: only a request that gets no answer says so.
  it('does not show, nor hold a message, because the browser says it is offline', async () => {
    const backend = createInMemoryBackend();
    const { user, input, conversation } = await openChat(backend);
    try {
      act(() => setBrowserOnline(false));
      await user.type(input, 'Are you open today?{Enter}');
      await screen.findByText('You said: Are you open today?');
      expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
      expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
      expect(backend.data.messages(conversation.id).map((m) => m.text)).toContain('Are you open today?');
    } finally {
      setBrowserOnline(true);
    }
  });

  it('shows when a save gets no answer at all, and the message goes once the network is back', async () => {
    const backend = createInMemoryBackend();
    const { user, input, conversation } = await openChat(backend);
    backend.data.failNext(
      'addMessage',
      new ProviderError('unavailable', 'Failed to fetch', undefined, { unreachable: true }),
    );
    await user.type(input, 'Still there?{Enter}');
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();

    act(() => setBrowserOnline(true)); // the browser's `online` event: try again now
    await screen.findByText('You said: Still there?');
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    expect(backend.data.messages(conversation.id).filter((m) => m.role === 'user')).toHaveLength(1);
  });
});
