// Expiry is judged by the server's clock (hooks/server-clock.ts): a device clock a day off in either
// direction must neither loop nor end a conversation the server still accepts, nor keep one it refuses.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';

const B = 'bella-vista-salon';
const HOUR = 60 * 60 * 1000;

beforeEach(() => sessionStorage.clear());

/** A backend whose clock (the server's) runs `skewMs` away from the device's; `skewMs` can be moved. */
function skewedBackend(initialSkewMs: number) {
  const clock = { skewMs: initialSkewMs };
  const backend = createInMemoryBackend({ now: () => Date.now() + clock.skewMs });
  return { backend, clock };
}

describe('a device clock more than a day ahead of the server (§4 expiry)', () => {
  it('regression: opening by handle and sending creates ONE conversation, and the message is saved and answered', async () => {
    // Before: the conversation the server had just created looked expired to the device, so every
    // send created another one, about 30 a second, and the message was never saved.
    const { backend } = skewedBackend(-25 * HOUR);
    const app = renderApp('/chat/@bellavista', { backend });
    // The handle's lookup, the redirect and the conversation: more than findBy's default second on a
    // busy machine (it failed 1 run in 4 there before the first-screen change too).
    const input = await findMessageBox('Message', 5_000);
    await screen.findByText('Welcome to Bella Vista Salon!');

    await app.user.type(input, 'Are you open today?{Enter}');

    expect(await screen.findByText('You said: Are you open today?')).toBeInTheDocument();
    const conversations = backend.data.conversations();
    expect(conversations).toHaveLength(1);
    expect(app.url()).toBe(`/chat/${B}/${conversations[0]!.id}`);
    expect(backend.data.messages(conversations[0]!.id).map((m) => m.text)).toEqual([
      'Are you open today?',
      'You said: Are you open today?',
    ]);
  });

  it('a reload in the same tab keeps the conversation: the learned offset is remembered', async () => {
    const { backend } = skewedBackend(-25 * HOUR);
    const first = renderApp(`/chat/${B}`, { backend });
    await first.user.type(await findMessageBox(), 'Hello{Enter}');
    await screen.findByText('You said: Hello');
    const [conversation] = backend.data.conversations();
    first.unmount();

    renderApp(`/chat/${B}/${conversation!.id}`, { backend });

    expect(await screen.findByText('You said: Hello')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(1);
  });
});

describe('a server clock past the conversation’s expiry while the device’s is not (the mirror case)', () => {
  it('a message goes to a new conversation and is answered there, not "Failed to get AI response"', async () => {
    const { backend, clock } = skewedBackend(0);
    const app = renderApp(`/chat/${B}`, { backend });
    const input = await findMessageBox();
    await app.user.type(input, 'Hello{Enter}');
    await screen.findByText('You said: Hello');
    const [old] = backend.data.conversations();

    clock.skewMs = 25 * HOUR;
    await app.user.type(input, 'Are you open today?{Enter}');

    expect(await screen.findByText('You said: Are you open today?')).toBeInTheDocument();
    const fresh = backend.data.conversations().find((c) => c.id !== old!.id);
    expect(fresh).toBeDefined();
    await waitFor(() => expect(app.url()).toBe(`/chat/${B}/${fresh!.id}`));
    expect(backend.data.conversations()).toHaveLength(2);
    expect(screen.queryByText('You said: Hello')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
  });

  it("'Try again' after a failure moves on when the server says the conversation has expired", async () => {
    const { backend, clock } = skewedBackend(0);
    backend.chat.failNext();
    const app = renderApp(`/chat/${B}`, { backend });
    await app.user.type(await findMessageBox(), 'Do you do beards?{Enter}');
    await screen.findByText('Failed to get AI response');

    clock.skewMs = 25 * HOUR;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('You said: Do you do beards?')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(2);
    expect(screen.queryByText('Failed to get AI response')).not.toBeInTheDocument();
  });

  it('never loops: a server that refuses even the new conversation gets one new conversation, then the error', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script(() => {
      throw new ProviderError('failed-precondition', 'conversationId: conversation has expired', 400);
    });
    const app = renderApp(`/chat/${B}`, { backend });
    await app.user.type(await findMessageBox(), 'Hello{Enter}');

    expect(await screen.findByText('Failed to get AI response')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(2);
    expect(backend.chat.calls).toHaveLength(2);
  });
});
