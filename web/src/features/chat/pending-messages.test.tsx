// The visitor's messages show at once, in the order sent, while they are being saved; a slow, failed
// or hung save never leaves the visitor looking at nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { openChat, renderApp } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

/** The visitor's bubbles, in the order shown, with what their status line says. */
function userBubbles() {
  return [...screen.getByRole('log').querySelectorAll('[data-role="visitor"]')].map((bubble) => ({
    text: bubble.querySelector('.msg__text')?.textContent ?? '',
    status: bubble.querySelector('.msg__delivery')?.textContent ?? null,
  }));
}

describe('a message being saved', () => {
  it("shows at once as 'Sending…', then as sent, then gets its answer", async () => {
    const { user, input, backend } = await openChat();
    const save = backend.data.holdNext('addMessage');

    await user.type(input, 'What are your hours?{Enter}');
    await save.started;

    expect(input).toHaveValue('');
    expect(userBubbles()).toEqual([{ text: 'What are your hours?', status: 'Sending…' }]);

    save.release();
    expect(await screen.findByText('You said: What are your hours?')).toBeInTheDocument();
    expect(userBubbles()).toEqual([{ text: 'What are your hours?', status: null }]);
  });

  it('regression: a second message sent meanwhile is saved and shown after the first, never before it', async () => {
    const { user, input, backend, conversation } = await openChat();
    const save = backend.data.holdNext('addMessage');

    await user.type(input, 'First{Enter}');
    await save.started;
    await user.type(input, 'Second{Enter}');
    // Shown by the next paint (the session tells the page once the requests it queued have left).
    await waitFor(() => expect(userBubbles().map((b) => b.text)).toEqual(['First', 'Second']));

    save.release();
    await screen.findByText('You said: Second');
    const stored = backend.data.messages(conversation.id).filter((m) => m.role === 'user');
    expect(stored.map((m) => m.text)).toEqual(['First', 'Second']);
    expect(userBubbles()).toEqual([
      { text: 'First', status: null },
      { text: 'Second', status: null },
    ]);
  });
});

describe('a message that cannot be saved', () => {
  it("stays on screen as not sent, with 'Failed to send message', and Retry sends it", async () => {
    const { user, input, backend, conversation } = await openChat();
    backend.data.failNext('addMessage');

    await user.type(input, 'Hello{Enter}');

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(userBubbles()).toEqual([{ text: 'Hello', status: 'Not sent' }]);
    expect(backend.data.messages(conversation.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You said: Hello')).toBeInTheDocument();
    expect(userBubbles()).toEqual([{ text: 'Hello', status: null }]);
    expect(backend.data.messages(conversation.id).map((m) => m.text)).toEqual(['Hello', 'You said: Hello']);
    // Asked once: a question that left with the failed save is withdrawn (decision 0025).
    expect(backend.chat.calls.filter((call) => !backend.chat.withdrawn(call))).toHaveLength(1);
  });

  it('takes the messages queued behind it along: they are not sent out of order', async () => {
    const { user, input, backend, conversation } = await openChat();
    const save = backend.data.holdNext('addMessage');
    await user.type(input, 'First{Enter}');
    await save.started;
    await user.type(input, 'Second{Enter}');

    backend.data.failNext('addMessage');
    save.release();

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    await waitFor(() =>
      expect(userBubbles()).toEqual([
        { text: 'First', status: 'Not sent' },
        { text: 'Second', status: 'Not sent' },
      ]),
    );
    expect(backend.data.messages(conversation.id)).toEqual([]);

    const [retryFirst] = screen.getAllByRole('button', { name: 'Retry' });
    await user.click(retryFirst!);
    await screen.findByText('You said: First');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('You said: Second');
    expect(
      backend.data
        .messages(conversation.id)
        .filter((m) => m.role === 'user')
        .map((m) => m.text),
    ).toEqual(['First', 'Second']);
  });
});

describe('a server that never answers', () => {
  it("a save fails after the write deadline with 'Failed to send message', the text kept", async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: B });
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend, config: { writeTimeoutMs: 300 } });
    await screen.findByText('Welcome to Bella Vista Salon!');
    backend.data.holdNext('addMessage');

    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(userBubbles()).toEqual([{ text: 'Hello', status: 'Not sent' }]);
  });

  it("a chat call fails after the chat deadline with 'Failed to get AI response' and 'Try again'", async () => {
    const backend = createInMemoryBackend();
    backend.chat.script(() => new Promise(() => undefined));
    const conversation = backend.data.seedConversation({ businessId: B });
    const app = renderApp(`/chat/${B}/${conversation.id}`, { backend, config: { chatTimeoutMs: 300 } });
    await screen.findByText('Welcome to Bella Vista Salon!');

    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to get AI response');
    expect(screen.queryByText('Ava is typing…')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Suggested replies' })).getByRole('button', {
        name: 'Try again',
      }),
    ).toBeInTheDocument();
  });
});
