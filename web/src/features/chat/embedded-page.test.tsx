// The chat page inside the embed snippet's iframe: its own close button and Escape ask the host to
// close the panel, questions from the host are sent, and each complete new message is reported.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProviderError, type EmbedChatMessage } from '@chat/core';
import { BootError } from '../../app/boot-error.js';
import { EmbedProvider } from '../../lib/embed/embed-context.js';
import type { HostBridge } from '../../lib/embed/host-bridge.js';
import { approvedBusiness, pendingBusiness } from '@chat/contract/in-memory';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp } from '../../test/render-app.js';

type Posted = Parameters<HostBridge['post']>[0];

function fakeHost() {
  const posted: Posted[] = [];
  let ask: ((question: string) => void) | null = null;
  const host: HostBridge = {
    post: (message) => void posted.push(message),
    onAsk(listener) {
      ask = listener;
      return () => {
        ask = null;
      };
    },
  };
  return { host, posted, ask: (question: string) => ask?.(question) };
}

const EMBEDDED = { embedHostOrigin: 'https://bellavista.example', brandColor: null };

async function openEmbedded() {
  const backend = createInMemoryBackend();
  const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
  backend.data.seedMessage(conversation.id, { role: 'user', text: 'An earlier question' });
  const fake = fakeHost();
  const app = renderApp(`/chat/bella-vista-salon/${conversation.id}`, {
    backend,
    pageOptions: EMBEDDED,
    embedHost: fake.host,
  });
  await screen.findByText('An earlier question');
  await waitFor(() => expect(fake.posted).toContainEqual({ type: 'ready' }));
  return { ...app, ...fake };
}

describe('the chat page in the embed panel', () => {
  it("shows 'New chat' and a close button instead of the app logo; both the button and Escape ask the host to close", async () => {
    const { posted, user } = await openEmbedded();
    expect(screen.getByRole('button', { name: 'New chat' })).toBeInTheDocument();
    expect(document.querySelector('.chat-header__logo')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(posted.filter((m) => m.type === 'close')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(posted.filter((m) => m.type === 'close')).toHaveLength(2);
  });

  it("sends the host's question and reports new complete messages, not the history", async () => {
    const { posted, ask } = await openEmbedded();
    act(() => ask('Are you open on Sunday?'));
    await screen.findByText('You said: Are you open on Sunday?');
    const reported = () =>
      posted
        .flatMap((m) => (m.type === 'message' ? [m.message] : []))
        .map((m: EmbedChatMessage) => [m.author, m.text]);
    await waitFor(() =>
      expect(reported()).toEqual([
        ['visitor', 'Are you open on Sunday?'],
        ['assistant', 'You said: Are you open on Sunday?'],
      ]),
    );
  });

  // Regression: on a phone the panel fills the screen and hides the host's launcher; a page that
  // could not show the chat ('Oops!', an error, the boot error) offered no way out, and Escape closed
  // the panel only once a conversation was on screen.
  describe('offers Close chat and closes on Escape in every state of the page', () => {
    const closes = (posted: Posted[]) => posted.filter((m) => m.type === 'close').length;

    async function expectCloses(posted: Posted[]) {
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Close chat' }));
      expect(closes(posted)).toBe(1);
      await user.keyboard('{Escape}');
      expect(closes(posted)).toBe(2);
    }

    it('while loading', async () => {
      const backend = createInMemoryBackend();
      // The business never arrives: the page stays on 'Loading...'.
      backend.data.getBusinessById = () => new Promise(() => undefined);
      const { host, posted } = fakeHost();
      renderApp('/chat/bella-vista-salon', { backend, pageOptions: EMBEDDED, embedHost: host });
      await screen.findByText('Loading...');
      await expectCloses(posted);
    });

    it("when the handle names no business ('Oops!')", async () => {
      const { host, posted } = fakeHost();
      renderApp('/chat/@nosuchbusiness', { pageOptions: EMBEDDED, embedHost: host });
      await screen.findByText('Business not found');
      await expectCloses(posted);
    });

    it('when the business cannot be loaded', async () => {
      const backend = createInMemoryBackend();
      backend.data.failNext('getBusinessById', new ProviderError('unavailable', 'down'), 10);
      const { host, posted } = fakeHost();
      renderApp('/chat/bella-vista-salon', { backend, pageOptions: EMBEDDED, embedHost: host });
      await screen.findByRole('alert');
      await expectCloses(posted);
    });

    it('when the conversation cannot be loaded', async () => {
      const backend = createInMemoryBackend();
      const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
      backend.data.failNext('getConversation', new ProviderError('unavailable', 'down'), 10);
      const { host, posted } = fakeHost();
      renderApp(`/chat/bella-vista-salon/${conversation.id}`, {
        backend,
        pageOptions: EMBEDDED,
        embedHost: host,
      });
      await screen.findByRole('button', { name: 'Refresh Page' });
      await expectCloses(posted);
    });

    it('for a business that is not approved', async () => {
      const { host, posted } = fakeHost();
      renderApp(`/chat/${pendingBusiness.id}`, { pageOptions: EMBEDDED, embedHost: host });
      await screen.findByText(pendingBusiness.businessName);
      await expectCloses(posted);
    });

    it('on the boot error, which renders outside the app', async () => {
      const { host, posted } = fakeHost();
      render(
        <EmbedProvider options={EMBEDDED} host={host}>
          <BootError error={new Error('Firebase settings are missing')} />
        </EmbedProvider>,
      );
      await expectCloses(posted);
    });

    it('but not when Escape was already used by something inside the page', async () => {
      const { host, posted } = fakeHost();
      render(
        <EmbedProvider options={EMBEDDED} host={host}>
          <BootError error={new Error('x')} />
        </EmbedProvider>,
      );
      const used = (event: KeyboardEvent) => event.key === 'Escape' && event.preventDefault();
      document.addEventListener('keydown', used);
      try {
        await userEvent.setup().keyboard('{Escape}');
      } finally {
        document.removeEventListener('keydown', used);
      }
      expect(closes(posted)).toBe(0);
    });
  });

  it('on the plain page the app logo stays and there is no close button', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    renderApp(`/chat/bella-vista-salon/${conversation.id}`, { backend });
    await screen.findByRole('button', { name: 'New chat' });
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(document.querySelector('.chat-header__logo')).not.toBeNull();
  });

  it('on the plain page a failure offers no close button either', async () => {
    renderApp('/chat/@nosuchbusiness');
    await screen.findByText('Business not found');
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
  });
});

describe('the business colour', () => {
  it("tints the page with the business's brandColor, and data-color (via ?color) wins over it", async () => {
    const backend = createInMemoryBackend({ businesses: [{ ...approvedBusiness, brandColor: '#1e3a8a' }] });
    const conversation = backend.data.seedConversation({ businessId: approvedBusiness.id });
    const view = renderApp(`/chat/${approvedBusiness.id}/${conversation.id}`, { backend });
    await screen.findByRole('button', { name: 'New chat' });
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--brand')).toBe('#1e3a8a');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#ffffff');
    view.unmount();
    expect(root.hasAttribute('data-brand')).toBe(false);

    renderApp(`/chat/${approvedBusiness.id}/${conversation.id}`, {
      backend,
      pageOptions: { embedHostOrigin: null, brandColor: '#fde047' },
    });
    await screen.findByRole('button', { name: 'New chat' });
    expect(root.style.getPropertyValue('--brand')).toBe('#fde047');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#000000');
  });
});
