// The page's sentences that hold a business's name, in Spanish: each is the catalogue's whole
// sentence with the name filled in, so Spanish opens its exclamation with '¡' and puts the name where
// Spanish grammar wants it (regression: the welcome read "Te damos la bienvenida a Bella Vista Salon!").
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EN, loadCatalogue, type Business, type Catalogue } from '@chat/core';
import { approvedBusiness, deniedBusiness, pendingBusiness } from '@chat/contract/in-memory';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp } from '../../test/render-app.js';
import { applyLanguage } from './active-text.js';

let spanish: Catalogue;
beforeAll(async () => {
  spanish = await loadCatalogue('es');
});
afterEach(() => applyLanguage('en', EN));

function openChatOf(business: Business) {
  const backend = createInMemoryBackend();
  const conversation = backend.data.seedConversation({ businessId: business.id });
  renderApp(`/chat/${business.id}/${conversation.id}`, { backend });
}

describe('sentences with the business name, in Spanish', () => {
  it('welcomes with ¡…!', async () => {
    applyLanguage('es', spanish);
    openChatOf(approvedBusiness);
    expect(
      await screen.findByRole('heading', { name: '¡Te damos la bienvenida a Bella Vista Salon!' }),
    ).toBeInTheDocument();
  });

  it('says a pending business is not verified yet', async () => {
    applyLanguage('es', spanish);
    openChatOf(pendingBusiness);
    expect(
      await screen.findByText('Sunrise Bakery todavía no se ha verificado en nuestra plataforma'),
    ).toBeInTheDocument();
  });

  it('says a denied business was refused, the name where Spanish puts it', async () => {
    applyLanguage('es', spanish);
    openChatOf(deniedBusiness);
    expect(await screen.findByText('Se rechazó la verificación de QuickFix Garage')).toBeInTheDocument();
  });

  it("offers 'Refresh Page' in Spanish when the business cannot be read", async () => {
    applyLanguage('es', spanish);
    const backend = createInMemoryBackend();
    backend.data.failNext('getBusinessById', undefined, 4);
    renderApp('/chat/bella-vista-salon', { backend });
    expect(await screen.findByRole('button', { name: spanish.replies.refreshPage })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EN.replies.refreshPage })).not.toBeInTheDocument();
  });

  it('keeps the English sentences exactly as the specification words them', async () => {
    openChatOf(approvedBusiness);
    expect(await screen.findByRole('heading', { name: 'Welcome to Bella Vista Salon!' })).toBeInTheDocument();
  });
});
