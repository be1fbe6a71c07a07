import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { CONVERSATION_ID_KEY } from '@chat/session';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';

const B = 'bella-vista-salon';
const HOUR = 60 * 60 * 1000;

beforeEach(() => sessionStorage.clear());

describe('conversation resolution (§4)', () => {
  it('1. uses a valid conversation id from the URL and remembers it for the tab', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    backend.data.seedMessage(conversation.id, { role: 'user', text: 'Hello from before' });
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend });

    expect(await screen.findByText('Hello from before')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
    expect(sessionStorage.getItem(CONVERSATION_ID_KEY)).toBe(conversation.id);
    expect(app.url()).toBe(`/chat/${B}/${conversation.id}`);
  });

  it('2. without an id in the URL, redirects to the id stored in the session', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    sessionStorage.setItem(CONVERSATION_ID_KEY, conversation.id);
    const app = renderApp(`/chat/${B}?ref=ad`, { backend });

    await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${conversation.id}?ref=ad`));
    expect(await screen.findByText(`Welcome to Bella Vista Salon!`)).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
  });

  it('3. without any id, creates exactly one conversation (StrictMode included) and puts it in the URL', async () => {
    const backend = createInMemoryBackend();
    const app = renderApp(`/chat/${B}`, { backend });

    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    // The welcome shows while the conversation is created; the URL names it once it exists.
    await waitFor(() => expect(app.url()).not.toBe(`/chat/${B}`));
    const [created, ...others] = backend.data.conversations();
    expect(others).toHaveLength(0);
    expect(created).toMatchObject({
      businessId: B,
      userId: null,
      userType: 'anonymous',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
    });
    expect(app.url()).toBe(`/chat/${B}/${created!.id}`);
    expect(sessionStorage.getItem(CONVERSATION_ID_KEY)).toBe(created!.id);
  });

  it('creates the conversation as an end user when signed in, with the hours flag at creation', async () => {
    const backend = createInMemoryBackend({
      auth: { initialUser: { uid: 'u-7', phoneNumber: '+15555550100', displayName: 'Test Visitor' } },
    });
    renderApp('/chat/closed-shop', { backend });

    expect(await screen.findByText('Welcome to Closed Shop!')).toBeInTheDocument();
    // The welcome shows while the conversation is being created (decision 0021): wait for it.
    await waitFor(() =>
      expect(backend.data.conversations()[0]).toMatchObject({
        userId: 'u-7',
        userType: 'enduser',
        isOutsideBusinessHours: true,
      }),
    );
  });

  it.each([
    [
      'expired',
      (b: ReturnType<typeof createInMemoryBackend>) =>
        b.data.seedConversation({ businessId: B, expiredAt: Date.now() - HOUR }).id,
    ],
    [
      'without expiredAt',
      (b: ReturnType<typeof createInMemoryBackend>) =>
        b.data.seedConversation({ businessId: B, expiredAt: null }).id,
    ],
    [
      'of another business',
      (b: ReturnType<typeof createInMemoryBackend>) =>
        b.data.seedConversation({ businessId: 'sunrise-bakery' }).id,
    ],
    ['unknown', () => 'conv-does-not-exist'],
  ])('5. replaces a conversation that is %s with a new one', async (_label, makeId) => {
    const backend = createInMemoryBackend();
    const staleId = makeId(backend);
    if (backend.data.conversation(staleId)) {
      backend.data.seedMessage(staleId, { role: 'user', text: 'An old message that must not show' });
    }
    const app = renderApp(`/chat/${B}/${staleId}?question=Hi`, { backend });

    const isFresh = (c: { id: string; businessId: string }) => c.id !== staleId && c.businessId === B;
    await waitFor(() => expect(backend.data.conversations().filter(isFresh)).toHaveLength(1));
    const fresh = backend.data.conversations().find(isFresh);
    await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${fresh!.id}`));
    expect(sessionStorage.getItem(CONVERSATION_ID_KEY)).toBe(fresh!.id);
    expect(screen.queryByText('An old message that must not show')).not.toBeInTheDocument();
    // The query string survived the re-creation: the question went to the new conversation.
    await waitFor(() => expect(backend.data.messages(fresh!.id).map((m) => m.text)).toContain('Hi'));
  });

  it('5. clears the messages and smart replies on screen when the conversation is re-created', async () => {
    const backend = createInMemoryBackend();
    const current = backend.data.seedConversation({ businessId: B });
    const expired = backend.data.seedConversation({ businessId: B, expiredAt: Date.now() - HOUR });
    backend.chat.script((call, assistant) => {
      assistant.reply('Happy to help');
      return { smartReplies: ['Book a cut'] };
    });
    const app = renderApp(`/chat/${B}/${current.id}`, { backend });
    await app.user.type(await findMessageBox(), 'Hello{Enter}');
    expect(await screen.findByRole('button', { name: 'Book a cut' })).toBeInTheDocument();
    expect(screen.getByText('Happy to help')).toBeInTheDocument();

    await act(() => app.router.navigate(`/chat/${B}/${expired.id}`));

    await waitFor(() => expect(backend.data.conversations()).toHaveLength(3));
    const fresh = backend.data.conversations()[2]!;
    await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${fresh.id}`));
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    expect(screen.queryByText('Happy to help')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a cut' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(CONVERSATION_ID_KEY)).toBe(fresh.id);
  });

  it("shows 'Error: Failed to create new conversation' when none can be created", async () => {
    const backend = createInMemoryBackend();
    backend.data.failNext('createConversation');
    renderApp(`/chat/${B}`, { backend });
    expect(await screen.findByText('Error: Failed to create new conversation')).toBeInTheDocument();
  });

  it('retries a conversation read that fails in passing and keeps the thread', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    backend.data.seedMessage(conversation.id, { role: 'user', text: 'Still here' });
    backend.data.failNext('getConversation', undefined, 3);
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend });

    expect(await screen.findByText('Still here')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
    expect(app.url()).toBe(`/chat/${B}/${conversation.id}`);
  });

  it('a conversation read that keeps failing shows the error and keeps the id, never a new conversation', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    sessionStorage.setItem(CONVERSATION_ID_KEY, conversation.id);
    backend.data.failNext('getConversation', new ProviderError('internal', 'server error'), 4);
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend });

    expect(await screen.findByText('Error: Failed to listen to chat messages')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
    expect(app.url()).toBe(`/chat/${B}/${conversation.id}`);
    expect(sessionStorage.getItem(CONVERSATION_ID_KEY)).toBe(conversation.id);
    await app.user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(app.browser.reload).toHaveBeenCalledTimes(1);
  });

  it('a conversation that may not be read is replaced at once', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    backend.data.failNext('getConversation', new ProviderError('permission-denied'), 1);
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend });

    await waitFor(() => expect(backend.data.conversations()).toHaveLength(2));
    await waitFor(() => expect(app.url()).not.toBe(`/chat/${B}/${conversation.id}`));
  });
});
