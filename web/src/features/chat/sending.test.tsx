import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '@chat/core';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { deferred, openChat, renderApp, findMessageBox } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

describe('sending a message (§4)', () => {
  it('saves it, updates lastMessage, shows the typing indicator, then the reply and its smart replies', async () => {
    const backend = createInMemoryBackend();
    const held = deferred<ChatResponse>();
    let finishStream: (text: string) => void = () => undefined;
    backend.chat.script(async (_call, assistant) => {
      await held.promise;
      const stream = assistant.stream('We open');
      finishStream = stream.finish;
      return { smartReplies: ['One', { text: 'Two' }, { type: 'booking', text: 'Three' }, 'Four', 'Five'] };
    });
    const { user, input, conversation } = await openChat(backend);

    await user.type(input, '  What are your hours?  {Enter}');

    expect(await screen.findByText('What are your hours?')).toBeInTheDocument();
    expect(await screen.findByText('Ava is typing…')).toBeInTheDocument();
    expect(backend.data.conversation(conversation.id)?.lastMessage).toMatchObject({
      text: 'What are your hours?',
      sender: 'user',
    });
    // Asked as the save left, naming the message it was saving (decision 0025).
    const saved = backend.data.messages(conversation.id).find((m) => m.role === 'user')!;
    expect(backend.chat.calls).toEqual([
      {
        kind: 'send',
        idToken: null,
        body: {
          message: 'What are your hours?',
          conversationId: conversation.id,
          businessId: B,
          profileId: B,
          contextType: 'enduser',
          userTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          language: 'en',
          messageId: saved.id,
        },
      },
    ]);

    held.resolve({});
    expect(await screen.findByText('We open')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ava is typing…')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Four' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Five' })).not.toBeInTheDocument();

    finishStream('We open at 9.');
    expect(await screen.findByText('We open at 9.')).toBeInTheDocument();
  });

  it('clears the smart replies when the next message is sent, and sends a chosen one as a message', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((call, assistant) => {
      assistant.reply(`Re: ${call.kind === 'send' ? call.body.message : ''}`);
      return call.kind === 'send' && call.body.message === 'Hi' ? { smartReplies: ['Book a cut'] } : {};
    });
    const held = deferred<void>();
    const { user, input } = await openChat(backend);

    await user.type(input, 'Hi{Enter}');
    const chip = await screen.findByRole('button', { name: 'Book a cut' });
    backend.chat.script(async (_call, assistant) => {
      await held.promise;
      assistant.reply('Sure, when?');
      return {};
    });
    await user.click(chip);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book a cut' })).not.toBeInTheDocument());
    expect(await screen.findByText('Book a cut')).toBeInTheDocument();
    held.resolve();
    expect(await screen.findByText('Sure, when?')).toBeInTheDocument();
    expect(backend.chat.calls.map((c) => c.kind === 'send' && c.body.message)).toEqual(['Hi', 'Book a cut']);
  });

  it('sends the bearer token of a signed-in visitor', async () => {
    const backend = createInMemoryBackend({
      auth: { initialUser: { uid: 'u-1', phoneNumber: '+15555550100', displayName: null } },
    });
    const { user, input } = await openChat(backend);
    await user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');
    expect(backend.chat.calls[0]?.idToken).toBe('token-u-1');
  });

  it("shows 'Failed to get AI response' as a dismissable alert when the chat service fails", async () => {
    const backend = createInMemoryBackend();
    backend.chat.failNext();
    const { user, input } = await openChat(backend);

    await user.type(input, 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to get AI response');
    expect(screen.queryByText('Ava is typing…')).not.toBeInTheDocument();
    // The message itself was saved; the page keeps working.
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(input).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
  });

  it("offers 'Try again' after 'Failed to get AI response', which asks again with the last message", async () => {
    const backend = createInMemoryBackend();
    backend.chat.failNext();
    const { user, input } = await openChat(backend);

    await user.type(input, 'Hello{Enter}');
    await screen.findByText('Failed to get AI response');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('You said: Hello')).toBeInTheDocument();
    expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(backend.chat.calls.map((c) => c.kind === 'send' && c.body.message)).toEqual(['Hello', 'Hello']);
    // Asked again, not sent again: the visitor's message shows once and 'Try again' is not saved.
    expect(screen.getAllByText('Hello')).toHaveLength(1);
    expect(screen.queryByText('Try again')).not.toBeInTheDocument();
  });

  it("shows 'Failed to send message', keeps the message to retry and gets no answer for it when saving fails", async () => {
    const backend = createInMemoryBackend();
    backend.data.failNext('addMessage');
    const { user, input, conversation } = await openChat(backend);

    await user.type(input, 'Hello{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    // The question left with the save (decision 0025), and the assistant waits for a message that is
    // not stored: nothing is answered, and the visitor is not told the assistant is typing.
    expect(backend.data.messages(conversation.id)).toEqual([]);
    expect(screen.queryByText('Ava is typing…')).not.toBeInTheDocument();
    // Nothing was saved, so the message stays on screen, not sent, to be retried rather than lost
    // (pending-messages.test.tsx follows it further).
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('keeps the typing indicator after the answer until the reply message itself arrives', async () => {
    // Regression: the indicator went away with the HTTP answer, a moment before the streamed
    // message showed up, leaving a blank gap.
    const backend = createInMemoryBackend();
    const held = deferred<void>();
    backend.chat.script((_call, assistant) => {
      void held.promise.then(() => assistant.reply('Here are our hours.'));
      return { smartReplies: ['Thanks'] };
    });
    const { user, input } = await openChat(backend);

    await user.type(input, 'What are your hours?{Enter}');
    await screen.findByRole('button', { name: 'Thanks' });
    expect(screen.getByText('Ava is typing…')).toBeInTheDocument();

    held.resolve();
    expect(await screen.findByText('Here are our hours.')).toBeInTheDocument();
    expect(screen.queryByText('Ava is typing…')).not.toBeInTheDocument();
  });

  it('the header button starts a new conversation', async () => {
    const { user, input, url, conversation } = await openChat();
    await user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(url()).not.toContain(conversation.id));
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    expect(screen.queryByText('You said: Hello')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('chat.conversationId')).toBe(url().split('/').at(-1));
  });

  it('sends into a new conversation when this one expired while the page was open', async () => {
    const backend = createInMemoryBackend();
    const old = backend.data.seedConversation({ businessId: B, expiredAt: Date.now() + 60_000 });
    backend.data.seedMessage(old.id, { role: 'user', text: 'Yesterday’s question' });
    const app = renderApp(`/chat/${B}/${old.id}`, { backend });
    const input = await findMessageBox();
    expect(await screen.findByText('Yesterday’s question')).toBeInTheDocument();

    // The tab stays open past the conversation's expiry.
    const later = Date.now() + 2 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await app.user.type(input, 'Are you open today?{Enter}');
      const isFresh = (c: { id: string }) => c.id !== old.id;
      await waitFor(() => expect(backend.data.conversations().filter(isFresh)).toHaveLength(1));
      const fresh = backend.data.conversations().find(isFresh)!;
      await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${fresh.id}`));
      expect(await screen.findByText('You said: Are you open today?')).toBeInTheDocument();
      expect(screen.queryByText('Yesterday’s question')).not.toBeInTheDocument();
      expect(backend.data.messages(fresh.id).map((m) => m.text)).toContain('Are you open today?');
      expect(backend.data.messages(old.id).map((m) => m.text)).toEqual(['Yesterday’s question']);
      expect(backend.chat.calls.map((c) => c.body.conversationId)).toEqual([fresh.id]);
      expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
    } finally {
      clock.mockRestore();
    }
  });
});
