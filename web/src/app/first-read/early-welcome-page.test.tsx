import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { findMessageBox, renderApp } from '../../test/render-app.js';
import { EARLY_WELCOME_GLOBAL, claimEarlyWelcomeForPage } from './first-read.js';

interface ScriptState {
  businessId: string;
  claimed: boolean;
  businessName: string | null;
  onName: ((name: string) => void) | null;
}
type Scope = typeof globalThis & { [EARLY_WELCOME_GLOBAL]?: ScriptState };

/** What the first-read script leaves on the window for a new conversation before its read answers. */
function scriptStarted(businessId: string) {
  const state: ScriptState = { businessId, claimed: false, businessName: null, onName: null };
  (globalThis as Scope)[EARLY_WELCOME_GLOBAL] = state;
  return state;
}

describe('the early welcome when the app starts before the first read answers', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    delete (globalThis as Scope)[EARLY_WELCOME_GLOBAL];
    claimEarlyWelcomeForPage();
  });

  it("shows 'Welcome to …' as soon as the script learns the name, before the app's own business read is through", async () => {
    const script = scriptStarted('bella-vista-salon');
    claimEarlyWelcomeForPage();
    const backend = createInMemoryBackend();
    const reading = backend.data.holdNext('getBusinessById');
    const { user } = renderApp('/chat/bella-vista-salon', { backend });
    await reading.started;
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const early = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(early, 'Hello');

    act(() => script.onName!('Bella Vista Salon'));
    expect(screen.getByRole('heading', { name: 'Welcome to Bella Vista Salon!' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    // The box that replaced the loading frame's keeps what was typed, and the focus.
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Hello');
    expect(box).toHaveFocus();

    reading.release();
    expect(await findMessageBox()).toHaveValue('Hello');
    expect(screen.getByRole('heading', { name: 'Welcome to Bella Vista Salon!' })).toBeInTheDocument();
    expect(backend.chat.calls).toHaveLength(0);
  });

  it('shows no early welcome for a conversation named in the address', async () => {
    const script = scriptStarted('bella-vista-salon');
    claimEarlyWelcomeForPage();
    const backend = createInMemoryBackend();
    const reading = backend.data.holdNext('getBusinessById');
    renderApp('/chat/bella-vista-salon/c-1', { backend });
    await reading.started;
    act(() => script.onName!('Bella Vista Salon'));
    expect(screen.queryByRole('heading', { name: /^Welcome to/ })).toBeNull();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    reading.release();
  });
});
