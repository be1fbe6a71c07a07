// A conversation the server no longer has (a restart without a data file) or no longer lets this
// visitor use: the page resolves again (§4 step 5) and carries what the visitor had not sent yet.
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { openChat, renderApp } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

describe('a conversation that no longer exists on the server', () => {
  it('when the live stream says so, the page moves to a new conversation by itself and keeps the typed text', async () => {
    const { user, input, url, backend, conversation } = await openChat();
    await user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');
    await user.type(input, 'Are you open on Sunday?');

    backend.data.forgetConversation(conversation.id);

    await waitFor(() => expect(backend.data.conversations()).toHaveLength(1));
    const fresh = backend.data.conversations()[0]!;
    await waitFor(() => expect(url()).toBe(`/chat/${B}/${fresh.id}`));
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Are you open on Sunday?');
    expect(screen.queryByText('Failed to listen to chat messages')).not.toBeInTheDocument();

    await user.type(box, '{Enter}');
    expect(await screen.findByText('You said: Are you open on Sunday?')).toBeInTheDocument();
    expect(backend.data.messages(fresh.id).map((m) => m.text)).toContain('Are you open on Sunday?');
  });

  it("a message saved into it goes to a new conversation and is answered, not 'Failed to send message'", async () => {
    const { user, input, url, backend, conversation } = await openChat();
    // The server lost it but the stream has not told the page yet.
    backend.data.forgetConversation(conversation.id, { subscriptions: 'kept' });

    await user.type(input, 'Are you there?{Enter}');

    expect(await screen.findByText('You said: Are you there?')).toBeInTheDocument();
    const [fresh] = backend.data.conversations();
    expect(url()).toBe(`/chat/${B}/${fresh!.id}`);
    expect(backend.data.messages(fresh!.id).map((m) => m.text)).toEqual([
      'Are you there?',
      'You said: Are you there?',
    ]);
    expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();
  });

  it('hands what it carries over once: coming back to that conversation later sends nothing again', async () => {
    const { user, input, url, backend, conversation, router } = await openChat();
    backend.data.forgetConversation(conversation.id, { subscriptions: 'kept' });
    await user.type(input, 'Are you there?{Enter}');
    await screen.findByText('You said: Are you there?');
    const [moved] = backend.data.conversations();

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(url()).not.toContain(moved!.id));
    await act(() => router.navigate(`/chat/${B}/${moved!.id}`));
    expect(await screen.findByText('You said: Are you there?')).toBeInTheDocument();

    expect(backend.data.messages(moved!.id).map((m) => m.text)).toEqual([
      'Are you there?',
      'You said: Are you there?',
    ]);
  });

  it('never loops: when the new conversation cannot be listened to either, the error shows with its way out', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    backend.data.failNext('subscribeToMessages', new ProviderError('permission-denied', 'Not yours'), 10);
    renderApp(`/chat/${B}/${conversation.id}`, { backend });

    expect(await screen.findByText('Failed to listen to chat messages')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});

describe("'Failed to listen to chat messages' for any other reason", () => {
  it("keeps 'Refresh Page' and 'Contact Support' after the visitor sends, while the failure lasts", async () => {
    // Regression: the first send cleared the two buttons though the stream was still broken.
    const { user, input, backend, conversation } = await openChat();
    backend.data.breakSubscriptions(conversation.id);
    expect(await screen.findByText('Failed to listen to chat messages')).toBeInTheDocument();

    await user.type(input, 'Hello{Enter}');
    await waitFor(() =>
      expect(backend.data.messages(conversation.id).map((m) => m.text)).toContain('You said: Hello'),
    );

    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Support' })).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
  });
});
