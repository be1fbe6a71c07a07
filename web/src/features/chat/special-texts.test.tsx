import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { TEST_SUPPORT_FORM_URL, openChat } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

describe('special texts (§4), typed or chosen, in any case', () => {
  it("'start a new chat' starts a new conversation without saving the text", async () => {
    const { user, input, url, backend, conversation } = await openChat();
    await user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');

    await user.type(input, 'Start A New Chat{Enter}');
    await waitFor(() => expect(backend.data.conversations()).toHaveLength(2));
    const fresh = backend.data.conversations()[1]!;
    await waitFor(() => expect(url()).toBe(`/chat/${B}/${fresh.id}`));
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    expect(backend.data.messages(conversation.id).map((m) => m.text)).toEqual(['Hello', 'You said: Hello']);
    expect(backend.data.messages(fresh.id)).toEqual([]);
  });

  it("'try again' with no previous message saves the notice", async () => {
    const { user, input, backend } = await openChat();
    await user.type(input, 'try again{Enter}');
    expect(await screen.findByText('There is no previous message to retry.')).toBeInTheDocument();
    expect(backend.chat.calls).toHaveLength(0);
  });

  it("'try again' sends the last visitor message to the assistant again", async () => {
    const backend = createInMemoryBackend();
    backend.chat.failNext();
    const { user, input } = await openChat(backend);
    await user.type(input, 'Do you do beards?{Enter}');
    expect(await screen.findByText('Failed to get AI response')).toBeInTheDocument();

    await user.type(input, 'TRY AGAIN{Enter}');
    expect(await screen.findByText('You said: Do you do beards?')).toBeInTheDocument();
    expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
    expect(backend.chat.calls.map((c) => c.kind === 'send' && c.body.message)).toEqual([
      'Do you do beards?',
      'Do you do beards?',
    ]);
  });

  it("a failed live subscription says so and offers 'Refresh Page' and 'Contact Support', which work", async () => {
    const { user, browser, backend, conversation } = await openChat();
    backend.data.breakSubscriptions(conversation.id);

    expect(await screen.findByText('Failed to listen to chat messages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(browser.openInNewTab).toHaveBeenCalledWith(TEST_SUPPORT_FORM_URL);
    expect(backend.chat.calls).toHaveLength(0);
  });

  it("typing 'contact support' opens the support form too", async () => {
    const { user, input, browser } = await openChat();
    await user.type(input, 'contact support{Enter}');
    expect(browser.openInNewTab).toHaveBeenCalledWith(TEST_SUPPORT_FORM_URL);
  });

  it("a snapshot that cannot be processed shows 'Failed to process chat messages' and keeps the list", async () => {
    const backend = createInMemoryBackend();
    const { user, input, conversation } = await openChat(backend);
    await user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');

    backend.data.pushRawSnapshot(conversation.id, [{ id: 'x', role: 'robot', text: 1 }]);
    expect(await screen.findByText('Failed to process chat messages')).toBeInTheDocument();
    expect(screen.getByText('You said: Hello')).toBeInTheDocument();
  });
});
