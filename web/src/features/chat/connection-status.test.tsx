import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

  it('shows while the browser is offline', async () => {
    const backend = createInMemoryBackend();
    await openChat(backend);
    try {
      act(() => setBrowserOnline(false));
      expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
      act(() => setBrowserOnline(true));
      await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    } finally {
      setBrowserOnline(true);
    }
  });
});
