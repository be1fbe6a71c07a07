import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp } from '../test/render-app.js';

beforeEach(() => sessionStorage.clear());

describe('routes (§2)', () => {
  it('/ opens the default business, replacing the history entry', async () => {
    const app = renderApp('/', { config: { defaultBusinessId: 'sunrise-bakery' } });
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery' })).toBeInTheDocument();
    // Not approved: no conversation is made for it (§6), so the address names none.
    await screen.findByText('Welcome to Sunrise Bakery!');
    expect(app.url()).toBe('/chat/sunrise-bakery');
    expect(app.router.navigationType()).toBe('REPLACE');
  });

  it('redirects any other path to /', async () => {
    const app = renderApp('/somewhere/else/entirely');
    await waitFor(() => expect(app.url()).toMatch(/^\/chat\/bella-vista-salon\//));
  });

  it('a handle with a conversation id and a query string redirects to the business id, keeping both', async () => {
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: 'bella-vista-salon' });
    const app = renderApp(`/chat/@bellavista/${conversation.id}?ref=qr&utm=spring`, { backend });
    expect(screen.getByText('Opening chat…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bella Vista Salon' })).toBeInTheDocument();
    expect(app.url()).toBe(`/chat/bella-vista-salon/${conversation.id}?ref=qr&utm=spring`);
    expect(app.router.navigationType()).toBe('REPLACE');
  });

  it('a handle without a conversation id opens the business chat', async () => {
    const app = renderApp('/chat/@sunrisebakery?x=1');
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery' })).toBeInTheDocument();
    await waitFor(() => expect(app.url()).toBe('/chat/sunrise-bakery?x=1'));
  });

  it("an unknown handle shows 'Oops!' and 'Business not found'", async () => {
    renderApp('/chat/@nobody-here');
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(screen.getByText('Business not found')).toBeInTheDocument();
  });

  it("a failing lookup shows 'Failed to resolve business handle'", async () => {
    const backend = createInMemoryBackend();
    backend.data.failNext('getBusinessByHandle');
    renderApp('/chat/@bellavista', { backend });
    expect(await screen.findByText('Failed to resolve business handle')).toBeInTheDocument();
    expect(backend.data.conversations()).toHaveLength(0);
  });
});
