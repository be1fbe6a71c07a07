// Journey (issue 28 points 2–3): a Spanish demo is Spanish. On `?lang=es` the product's own buttons —
// the verification box's smart replies, 'Try again', the phone widget's — are in Spanish, never the
// English ones; choosing one does what it says because its action travels as data, not as words; and the
// visitor verifies a phone and is answered as verified.
import { EN, loadCatalogue } from '@chat/core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { TEST_DIGITS, TEST_PHONE } from './support/test-phone.js';

const ES = await loadCatalogue('es');

/** Every English product text that Spanish words differently (what must not show on a Spanish page). */
const ENGLISH_ONLY: string[] = Object.entries(EN).flatMap(([section, texts]) =>
  Object.entries(texts as Record<string, string>)
    .filter(
      ([key, text]) => (ES as unknown as Record<string, Record<string, string>>)[section]![key] !== text,
    )
    .map(([, text]) => text),
);

/** The names of the buttons on the page that are English product texts. */
async function englishButtons(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
    );
  return names.filter((name) => ENGLISH_ONLY.includes(name));
}

/** A smart reply's button on the Spanish page (its group is named in Spanish too). */
function smartReply(page: Page, text: string) {
  return page
    .getByRole('group', { name: ES.page.suggestedReplies })
    .getByRole('button', { name: text, exact: true });
}

test(
  'a Spanish visitor sees no English product button, verifies a phone and is answered',
  {
    // Three answers, a failure and a sign-in: more steps than most journeys.
    timeout: 90_000,
  },
  async ({ page, chat, stack, control }) => {
    await chat.open('/?lang=es');
    await page.getByText('¿En qué puedo ayudarte?', { exact: true }).waitFor({ timeout: WAIT_MS });
    const messageBox = page.getByRole('textbox', { name: 'Mensaje', exact: true });
    const send = async (text: string) => {
      await messageBox.fill(text);
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    };

    // A failed answer offers 'Try again' in Spanish, and it retries (its action, not its words).
    await control.fault({ operation: 'chat', error: 500, count: 1 });
    await send('What are your hours?');
    const tryAgain = smartReply(page, ES.replies.tryAgain);
    await tryAgain.waitFor({ timeout: WAIT_MS });
    expect(await englishButtons(page)).toEqual([]);
    await tryAgain.click();
    await chat.waitForAssistantReplies(1);
    expect(await chat.userTexts()).toEqual(['What are your hours?']);

    // The verification box: its smart replies in Spanish.
    await send('I would like to book an appointment');
    await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
    await smartReply(page, ES.replies.verifyLater).waitFor({ timeout: WAIT_MS });
    await smartReply(page, ES.replies.needMoreInfo).waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole('button', { name: EN.replies.verifyLater }).count()).toBe(0);
    expect(await englishButtons(page)).toEqual([]);

    // Verified: the Spanish notice, the box and its replies gone, the booking carried out.
    await page.getByPlaceholder('(555) 123-4567').fill(TEST_DIGITS);
    await page.getByRole('button', { name: ES.ui.sendCode, exact: true }).click();
    const codeField = page.getByLabel(ES.ui.verificationCodeLabel, { exact: true });
    await codeField.waitFor({ timeout: WAIT_MS });
    await codeField.fill(await stack.phoneCode(TEST_PHONE));
    await page.getByRole('button', { name: ES.ui.verify, exact: true }).click();
    await chat.text(ES.ui.phoneVerified).waitFor({ timeout: WAIT_MS });
    await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
    await chat.waitForAssistantReplyContaining('Your booking request is in.');
    expect(await smartReply(page, ES.replies.verifyLater).count()).toBe(0);

    // Signed in: a booking request is carried out with no second verification.
    await send('Can I cancel my booking?');
    await chat.waitForAssistantReplyContaining('Your cancellation request is in.');
    expect(await chat.authMessages().count()).toBe(0);
    expect(await englishButtons(page)).toEqual([]);
  },
);
