import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_UPDATE_MARKER, MAX_MESSAGE_LENGTH, TOAST_TEXT } from '@chat/core';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

describe('query parameters (§2)', () => {
  it('sends `question` once when ready, then removes it and keeps the other parameters', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    const app = renderApp(`/chat/${B}/${conversation.id}?ref=email&question=Are%20you%20open%20today%3F`, {
      backend,
    });

    expect(await screen.findByText('You said: Are you open today?')).toBeInTheDocument();
    await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${conversation.id}?ref=email`));
    expect(backend.data.messages(conversation.id).filter((m) => m.role === 'user')).toHaveLength(1);
    expect(backend.chat.calls).toHaveLength(1);
  });

  it('sends `i` as a booking-update message whose marker is never shown', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((_call, assistant) => {
      assistant.reply('Your booking is confirmed.');
      return {};
    });
    const app = renderApp(`/chat/${B}?i=BK-42`, { backend });

    expect(await screen.findByText('Your booking is confirmed.')).toBeInTheDocument();
    const [call] = backend.chat.calls;
    expect(call?.kind === 'send' && call.body.message).toBe(`${BOOKING_UPDATE_MARKER}BK-42`);
    expect(screen.getByText('BK-42')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(BOOKING_UPDATE_MARKER);
    await waitFor(() => expect(app.url()).toMatch(new RegExp(`^/chat/${B}/conv-\\d+$`)));
    expect(backend.chat.calls).toHaveLength(1);
  });

  it('sends both, question first, each once', async () => {
    const backend = createInMemoryBackend();
    const app = renderApp(`/chat/${B}?question=Hi&i=7`, { backend });
    await waitFor(() => expect(backend.chat.calls).toHaveLength(2));
    expect(backend.chat.calls.map((c) => c.kind === 'send' && c.body.message)).toEqual([
      'Hi',
      `${BOOKING_UPDATE_MARKER}7`,
    ]);
    await waitFor(() => expect(app.url()).not.toContain('?'));
    expect(await screen.findByText('You said: Hi')).toBeInTheDocument();
    expect(backend.chat.calls).toHaveLength(2);
  });

  it('keeps `question` and `i` through the redirect from /', async () => {
    const backend = createInMemoryBackend();
    const app = renderApp('/?question=Hello%20there&i=BK-9', { backend });
    await waitFor(() => expect(backend.chat.calls).toHaveLength(2));
    expect(backend.chat.calls.map((c) => c.kind === 'send' && c.body.message)).toEqual([
      'Hello there',
      `${BOOKING_UPDATE_MARKER}BK-9`,
    ]);
    await waitFor(() => expect(app.url()).toMatch(new RegExp(`^/chat/${B}/conv-\\d+$`)));
  });

  it('cuts a `question` past 2048 characters to the limit, with the composer’s toast', async () => {
    const backend = createInMemoryBackend();
    renderApp(`/chat/${B}?question=${'q'.repeat(2100)}`, { backend });
    await waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    const [call] = backend.chat.calls;
    expect(call?.kind === 'send' && call.body.message).toBe('q'.repeat(MAX_MESSAGE_LENGTH));
    expect(await screen.findByText(TOAST_TEXT.truncated)).toBeInTheDocument();
  });

  it('cuts an `i` value so that marker and value fit the limit', async () => {
    const backend = createInMemoryBackend();
    renderApp(`/chat/${B}?i=${'7'.repeat(2100)}`, { backend });
    await waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    const [call] = backend.chat.calls;
    const message = call?.kind === 'send' ? call.body.message : '';
    expect(message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(message.startsWith(BOOKING_UPDATE_MARKER)).toBe(true);
    expect(await screen.findByText(TOAST_TEXT.truncated)).toBeInTheDocument();
  });
});
