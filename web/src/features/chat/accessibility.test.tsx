import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';

const B = 'bella-vista-salon';

beforeEach(() => sessionStorage.clear());

// axe probes a canvas to recognise icon fonts; jsdom has none and says so loudly. No canvas is the
// answer axe handles on its own, so give it that quietly.
const realGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof realGetContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = realGetContext;
});

/** Serious or critical axe violations in the document (jsdom cannot judge colour contrast; e2e does). */
async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the chat page (axe-core)', () => {
  it('empty state', async () => {
    renderApp(`/chat/${B}`);
    await screen.findByText('Welcome to Bella Vista Salon!');
    expect(await seriousViolations()).toEqual([]);
  });

  it('chatting, with smart replies and an alert', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((_call, assistant) => {
      assistant.reply('We are open **9 to 5**. [Book here](https://example.com/book)');
      return { smartReplies: ['Book now', 'Prices'] };
    });
    const conversation = backend.data.seedConversation({ businessId: B });
    const { user } = renderApp(`/chat/${B}/${conversation.id}`, { backend });
    await user.type(await findMessageBox(), 'Hours?{Enter}');
    await screen.findByRole('button', { name: 'Book now' });
    backend.chat.failNext();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Again{Enter}');
    await screen.findByText('Failed to get AI response');
    expect(await seriousViolations()).toEqual([]);
  });

  it('interrupt', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script(() => ({ interrupts: [{ toolRequest: { name: 'requestPhoneSignIn' } }] }));
    const conversation = backend.data.seedConversation({ businessId: B });
    const { user } = renderApp(`/chat/${B}/${conversation.id}`, { backend });
    await user.type(await findMessageBox(), 'Book{Enter}');
    await screen.findByRole('group', { name: 'Phone verification' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('disabled (pending business)', async () => {
    renderApp('/chat/sunrise-bakery');
    await screen.findByText('Welcome to Sunrise Bakery!');
    expect(await seriousViolations()).toEqual([]);
  });
});
