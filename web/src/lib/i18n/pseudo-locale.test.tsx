// A pseudo right-to-left locale, built here from the English catalogue and never shipped: every text
// is wrapped in ⟦ ⟧, so any text on screen without the brackets was not taken from the catalogue. The
// system notices the page saves stay English: they are stored words, which the backends accept only as
// a shipped language writes them (SYSTEM_NOTICE_TEXTS, firestore.rules' systemMessageTexts).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EN, SMART_REPLY_TEXT, SYSTEM_NOTICE_TEXTS, type Business, type Catalogue } from '@chat/core';
import { pendingBusiness, approvedBusiness } from '@chat/contract/in-memory';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';
import { applyLanguage } from './active-text.js';

function pseudoCatalogue(): Catalogue {
  return Object.fromEntries(
    Object.entries(EN).map(([section, texts]) => [
      section,
      Object.fromEntries(
        Object.entries(texts).map(([key, text]) => [
          key,
          SYSTEM_NOTICE_TEXTS.includes(text) ? text : `⟦${text}⟧`,
        ]),
      ),
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
      // A message's title is its time, written by Intl in the catalogue's language.
      if (name === 'title' && element.hasAttribute('data-role')) continue;
      const value = element.getAttribute(name);
      if (value && !value.includes('⟦')) found.push(`${name}=${value}`);
    }
  }
  return found.filter((text) => !businessTexts.includes(text));
}

/** Opens a new conversation of `business`; returns the business's own texts (not the page's). */
function openChatOf(business: Business): string[] {
  const backend = createInMemoryBackend();
  const conversation = backend.data.seedConversation({ businessId: business.id });
  renderApp(`/chat/${business.id}/${conversation.id}`, { backend });
  return [business.businessName, ...business.suggestedQuestions.flatMap((q) => [q.line1, q.line2])];
}

afterEach(() => applyLanguage('en', EN));

describe('a pseudo right-to-left locale (test only)', () => {
  it('sets <html lang> and dir="rtl", and every text of the chat comes from its catalogue', async () => {
    applyLanguage('ar-XB', pseudoCatalogue());
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar-XB', 'rtl']);

    const businessTexts = openChatOf(approvedBusiness);
    await screen.findByText('⟦How can I assist you?⟧');
    await findMessageBox('⟦Message⟧');
    expect(untranslated(businessTexts)).toEqual([]);
  });

  it('translates the verification banner and the disabled composer too', async () => {
    applyLanguage('ar-XB', pseudoCatalogue());
    const businessTexts = openChatOf(pendingBusiness);
    await screen.findByText('⟦Not Yet Verified⟧');
    await waitFor(() => expect(screen.getByRole('textbox')).toBeDisabled());
    expect(untranslated(businessTexts)).toEqual([]);
  });

  it('translates the phone widget through every step: phone, code with an error, verified', async () => {
    applyLanguage('ar-XB', pseudoCatalogue());
    const backend = createInMemoryBackend();
    backend.chat.script((call, assistant) => {
      if (call.kind === 'resume') return {};
      assistant.reply('To book, I need to verify you.');
      return {
        interrupts: [
          {
            toolRequest: { name: 'requestPhoneSignIn', ref: 'call-1', input: {} },
            metadata: { interrupt: { message: 'Please verify your phone.' } },
          },
        ],
      };
    });
    const conversation = backend.data.seedConversation({ businessId: approvedBusiness.id });
    const { user } = renderApp(`/chat/${approvedBusiness.id}/${conversation.id}`, { backend });
    await user.type(await findMessageBox('⟦Message⟧'), 'Book me{Enter}');
    await screen.findByText('Please verify your phone.');
    // The widget's code loads when the assistant first asks for it.
    const phoneField = await screen.findByPlaceholderText('⟦(555) 123-4567⟧');
    // The conversation's own words (the visitor's, the assistant's) and the English smart replies
    // (docs/decisions/0013-languages-and-themes.md) are not the page's texts.
    const conversationTexts = [
      approvedBusiness.businessName,
      'Book me',
      'To book, I need to verify you.',
      'Please verify your phone.',
      'A',
      'Ava',
      '+1',
      SMART_REPLY_TEXT.verifyLater,
      SMART_REPLY_TEXT.needMoreInfo,
      EN.ui.phoneVerified,
    ];
    expect(untranslated(conversationTexts)).toEqual([]);

    await user.type(phoneField, '5555550100');
    await user.click(screen.getByRole('button', { name: '⟦Send Code⟧' }));
    await user.type(await screen.findByPlaceholderText('⟦123456⟧'), '000000');
    await user.click(screen.getByRole('button', { name: '⟦Verify⟧' }));
    await screen.findByText('⟦Invalid verification code. ⟧⟦Please check the code and try again.⟧');
    expect(untranslated([...conversationTexts, '+1 (555) 555-0100'])).toEqual([]);

    await user.clear(screen.getByPlaceholderText('⟦123456⟧'));
    await user.type(screen.getByPlaceholderText('⟦123456⟧'), '123456');
    await user.click(screen.getByRole('button', { name: '⟦Verify⟧' }));
    await screen.findByText(EN.ui.phoneVerified);
    expect(untranslated(conversationTexts)).toEqual([]);
  });
});
