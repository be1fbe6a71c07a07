import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';

beforeEach(() => sessionStorage.clear());

describe('chat page states (§2, §4, §6)', () => {
  it("shows 'Loading...' while the business loads", async () => {
    renderApp('/chat/bella-vista-salon');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bella Vista Salon' })).toBeInTheDocument();
  });

  it("shows 'Error: Business not found' for an unknown business", async () => {
    const backend = createInMemoryBackend();
    renderApp('/chat/no-such-business', { backend });
    expect(await screen.findByText('Error: Business not found')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(0);
  });

  it("shows 'Error: Failed to load business profile' with 'Refresh Page' when the read keeps failing", async () => {
    const backend = createInMemoryBackend();
    backend.data.failNext('getBusinessById', undefined, 4);
    const app = renderApp('/chat/bella-vista-salon', { backend });
    expect(await screen.findByText('Error: Failed to load business profile')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(app.browser.reload).toHaveBeenCalledTimes(1);
  });

  it('retries a business read that fails in passing, and loads the page', async () => {
    const backend = createInMemoryBackend();
    backend.data.failNext('getBusinessById', undefined, 3);
    renderApp('/chat/bella-vista-salon', { backend });
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
  });

  it('lays out the header, the empty state and the suggested questions; the title is the business name', async () => {
    renderApp('/chat/bella-vista-salon');
    // The loading frame has a header too: this one is the loaded page's, named after the business.
    await screen.findByRole('heading', { name: 'Bella Vista Salon' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Bella Vista Salon' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'New chat' })).toBeInTheDocument();
    expect(header.querySelector('[data-icon="app"]')).not.toBeNull();

    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    expect(screen.getByText('How can I assist you?')).toBeInTheDocument();
    // The suggested questions and the composer come with the conversation, a moment after the welcome.
    expect(await screen.findByRole('button', { name: /What are your opening hours\?/ })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(screen.getByRole('log')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText('Not Yet Verified')).not.toBeInTheDocument();
    expect(document.title).toBe('Bella Vista Salon');
  });

  it('welcomes a visitor with no conversation yet while it is created, and takes their message at once: sent once it exists (decision 0021, issue 31)', async () => {
    const backend = createInMemoryBackend();
    const creating = backend.data.holdNext('createConversation');
    const { user } = renderApp('/chat/bella-vista-salon', { backend });
    await creating.started;
    expect(await screen.findByText('Welcome to Bella Vista Salon!')).toBeInTheDocument();
    expect(screen.getByText('How can I assist you?')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // The box takes typing before the conversation exists; Enter holds the message until it does.
    const early = screen.getByRole('textbox', { name: 'Message' });
    expect(early).toBeEnabled();
    await user.type(early, '  What are your hours?{Enter}');
    const held = screen.getByRole('textbox', { name: 'Message' });
    expect(held).toHaveValue('What are your hours?');
    expect(held).toHaveAttribute('readonly');
    expect(backend.chat.calls).toHaveLength(0);

    creating.release();
    expect(await screen.findByText('What are your hours?', { selector: '.msg__text' })).toBeInTheDocument();
    const [conversation] = backend.data.conversations();
    await waitFor(() =>
      expect(
        backend.data
          .messages(conversation!.id)
          .filter((m) => m.role === 'user')
          .map((m) => m.text),
      ).toEqual(['What are your hours?']),
    );
    await waitFor(() => expect(backend.chat.calls).toHaveLength(1));
    const box = await findMessageBox();
    expect(box).toHaveValue('');
    expect(box).not.toHaveAttribute('readonly');
  });

  it('keeps what the visitor typed while the business loaded, with the caret where it was, and sends nothing until Enter', async () => {
    const backend = createInMemoryBackend();
    const reading = backend.data.holdNext('getBusinessById');
    const { user } = renderApp('/chat/bella-vista-salon', { backend });
    await reading.started;
    const early = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(early, 'Do you cut curly hair?');
    (early as HTMLTextAreaElement).setSelectionRange(3, 6);
    reading.release();

    const box = (await findMessageBox()) as HTMLTextAreaElement;
    expect(box).toHaveValue('Do you cut curly hair?');
    expect(box).toHaveFocus();
    expect([box.selectionStart, box.selectionEnd]).toEqual([3, 6]);
    expect(backend.chat.calls).toHaveLength(0);
    await user.keyboard('{End}{Enter}');
    expect(await screen.findByText('Do you cut curly hair?', { selector: '.msg__text' })).toBeInTheDocument();
  });

  it('keeps a message sent early for a business that turns out not to be approved in the disabled box (§6), sending nothing', async () => {
    const backend = createInMemoryBackend();
    const reading = backend.data.holdNext('getBusinessById');
    const { user } = renderApp('/chat/sunrise-bakery', { backend });
    await reading.started;
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you open?{Enter}');
    reading.release();

    const box = await findMessageBox();
    expect(box).toBeDisabled();
    expect(box).toHaveValue('Are you open?');
    expect(box).toHaveAttribute('placeholder', 'Chat disabled - verification pending');
    expect(backend.data.conversations()).toHaveLength(0);
    expect(backend.chat.calls).toHaveLength(0);
  });

  it('hides the empty state and suggested questions once there are messages, and hides empty texts', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    backend.data.seedMessage(conversation.id, { role: 'user', text: 'First question' });
    backend.data.seedMessage(conversation.id, { role: 'model', text: '' });
    backend.data.seedMessage(conversation.id, { role: 'model', text: 'A **bold** answer' });
    renderApp(`/chat/bella-vista-salon/${conversation.id}`, { backend });

    expect(await screen.findByText('First question')).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    const log = screen.getByRole('log');
    expect(log.querySelectorAll('[data-role]')).toHaveLength(2);
    expect(screen.queryByText('Welcome to Bella Vista Salon!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /What are your opening hours\?/ })).not.toBeInTheDocument();
  });

  it('orders messages by createdAt and shows a streamed reply growing in place', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    backend.data.seedMessage(conversation.id, { role: 'user', text: 'Second', createdAt: 2_000 });
    backend.data.seedMessage(conversation.id, { role: 'user', text: 'First', createdAt: 1_000 });
    renderApp(`/chat/bella-vista-salon/${conversation.id}`, { backend });

    await screen.findByText('First');
    const texts = () =>
      [...screen.getByRole('log').querySelectorAll('.msg__bubble')].map((el) => el.textContent);
    expect(texts()).toEqual(['You: First', 'You: Second']);

    const reply = backend.data.putAssistantMessage(conversation.id, { text: 'Our hours', streaming: true });
    expect(await screen.findByText('Our hours')).toBeInTheDocument();
    backend.data.putAssistantMessage(conversation.id, { id: reply.id, text: 'Our hours are 9 to 5.' });
    expect(await screen.findByText('Our hours are 9 to 5.')).toBeInTheDocument();
    expect(texts()).toEqual(['You: First', 'You: Second', 'Ava: Our hours are 9 to 5.']);
  });

  it.each([
    ['sunrise-bakery', 'Sunrise Bakery', 'Not Yet Verified'],
    ['quickfix-garage', 'QuickFix Garage', 'QuickFix Garage verification was denied'],
  ])('disables chatting for a business that is not approved (%s)', async (id, name, bannerText) => {
    const backend = createInMemoryBackend();
    renderApp(`/chat/${id}?question=Hello`, { backend });

    // The welcome shows at once; the page's own view (with its composer) takes its place.
    const input = await findMessageBox();
    expect(screen.getByText(`Welcome to ${name}!`)).toBeInTheDocument();
    expect(screen.getByText(bannerText)).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Chat disabled - verification pending');
    const questions = within(screen.getByRole('group', { name: 'Suggested questions' })).getAllByRole(
      'button',
    );
    expect(questions.length).toBeGreaterThan(0);
    for (const button of questions) expect(button).toBeDisabled();
    // Nothing is made or sent on the visitor's behalf either: there is nothing to chat in.
    expect(backend.data.conversations()).toHaveLength(0);
    expect(backend.chat.calls).toHaveLength(0);
  });

  it('drops from the address a conversation id that is not valid for a business that is not approved', async () => {
    const backend = createInMemoryBackend();
    const app = renderApp('/chat/sunrise-bakery/conv-from-nowhere?question=Hello', { backend });

    expect(await screen.findByText('Welcome to Sunrise Bakery!')).toBeInTheDocument();
    await waitFor(() => expect(app.url()).toBe('/chat/sunrise-bakery?question=Hello'));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(backend.data.conversations()).toHaveLength(0);
  });

  it("shows a business's earlier conversation read-only once it is no longer approved", async () => {
    const backend = createInMemoryBackend();
    const earlier = backend.data.seedConversation({ businessId: 'quickfix-garage' });
    backend.data.seedMessage(earlier.id, { role: 'user', text: 'Are you open on Sunday?' });
    const app = renderApp(`/chat/quickfix-garage/${earlier.id}`, { backend });

    expect(await screen.findByText('Are you open on Sunday?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New chat' })).toBeDisabled();
    expect(app.url()).toBe(`/chat/quickfix-garage/${earlier.id}`);
    expect(backend.data.conversations()).toEqual([earlier]);
  });
});
