// A pseudo right-to-left locale, built here from the English catalogue and never shipped: every text
// is wrapped in ⟦ ⟧, so any text on screen without the brackets was not taken from the catalogue.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EN, type Catalogue } from '@chat/core';
import { pendingBusiness, approvedBusiness } from '../../test/business-fixtures.js';
import { createInMemoryBackend } from '../../test/in-memory-backend.js';
import { renderApp } from '../../test/render-app.js';
import { applyLanguage } from './active-text.js';

function pseudoCatalogue(): Catalogue {
  return Object.fromEntries(
    Object.entries(EN).map(([section, texts]) => [
      section,
      Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, `⟦${text}⟧`])),
    ]),
  ) as unknown as Catalogue;
}

/** Texts on screen and in accessible names/hints that are not wrapped, minus the business's own data. */
function untranslated(businessTexts: string[]): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text && !text.includes('⟦') && !text.includes('⟧')) found.push(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = element.getAttribute(name);
      if (value && !value.includes('⟦')) found.push(`${name}=${value}`);
    }
  }
  return found.filter((text) => !businessTexts.includes(text));
}

afterEach(() => applyLanguage('en', EN));

describe('a pseudo right-to-left locale (test only)', () => {
  it('sets <html lang> and dir="rtl", and every text of the chat comes from its catalogue', async () => {
    applyLanguage('ar-XB', pseudoCatalogue());
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar-XB', 'rtl']);

    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: approvedBusiness.id });
    renderApp(`/chat/${approvedBusiness.id}/${conversation.id}`, { backend });
    await screen.findByText('⟦How can I assist you?⟧');
    await screen.findByRole('textbox', { name: '⟦Message⟧' });
    const data = [
      approvedBusiness.businessName,
      ...approvedBusiness.suggestedQuestions.flatMap((q) => [q.line1, q.line2]),
    ];
    expect(untranslated(data)).toEqual([]);
  });

  it('translates the verification banner and the disabled composer too', async () => {
    applyLanguage('ar-XB', pseudoCatalogue());
    const backend = createInMemoryBackend();
    const conversation = backend.data.seedConversation({ businessId: pendingBusiness.id });
    renderApp(`/chat/${pendingBusiness.id}/${conversation.id}`, { backend });
    await screen.findByText('⟦Not Yet Verified⟧');
    await waitFor(() => expect(screen.getByRole('textbox')).toBeDisabled());
    const data = [
      pendingBusiness.businessName,
      ...pendingBusiness.suggestedQuestions.flatMap((q) => [q.line1, q.line2]),
    ];
    expect(untranslated(data)).toEqual([]);
  });
});
