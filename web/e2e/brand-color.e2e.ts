// Journeys (issue 29): a business's stored brandColor colours its page on the local backend — read by the
// page from what the server stored, not only from ?color= — and a snippet's ?color= still wins; the
// handle route finds the business whatever the case of its handle.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { test } from './support/journey-test.js';

const TINTED = {
  businessName: 'Tinted Salon',
  handle: 'tintedsalon',
  verification: { status: 'approved' },
  brandColor: '#1e3a8a',
};

/** The colour the header and the send button take, as the browser computes the design tokens. */
function colours(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      header: style.getPropertyValue('--color-header-bg').trim(),
      send: style.getPropertyValue('--color-send').trim(),
    };
  });
}

test('the business’s brandColor colours its page, found by its handle in another case', async ({
  page,
  chat,
  control,
}) => {
  await control.putBusiness('tinted-salon', TINTED);
  await chat.open('/chat/@TintedSalon', 'tinted-salon');
  await chat.waitForEmptyState('Tinted Salon');
  expect(await colours(page)).toEqual({ header: '#1e3a8a', send: '#1e3a8a' });
});

test('?color= wins over the business’s brandColor', async ({ page, chat, control }) => {
  await control.putBusiness('tinted-salon', TINTED);
  await chat.open('/chat/tinted-salon?color=%23fde047', 'tinted-salon');
  await chat.waitForEmptyState('Tinted Salon');
  expect(await colours(page)).toEqual({ header: '#fde047', send: '#fde047' });
});
