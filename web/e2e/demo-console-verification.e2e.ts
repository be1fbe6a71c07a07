// Issue 28 from the console's side: whether a visitor verified is data (the signed-in session that
// spoke in the conversation), never the English text of the notice the page saves — so a Spanish
// visitor who verified is counted as verified; "Sign the visitor out" is the advice that works to show
// the verification again (a 'New chat' kept the visitor signed in); and after "Clock +25 hours" the
// conversations that were opened but never written in are not listed.
import type { BrowserContext, Page } from 'playwright-core';
import { inject, expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { DemoConsole } from './pages/demo-console.js';
import { test } from './support/journey-test.js';

async function openConsole(openContext: () => Promise<BrowserContext>): Promise<DemoConsole> {
  const staff = new DemoConsole(await (await openContext()).newPage());
  await staff.open(inject('serverUrl'));
  return staff;
}

/** The Spanish page's visitor asks for a booking and gets the phone verification box. */
async function askForBookingInSpanish(page: Page): Promise<void> {
  await page
    .getByRole('textbox', { name: 'Mensaje', exact: true })
    .fill('I would like to book an appointment');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('button', { name: 'Enviar código', exact: true }).waitFor({ timeout: WAIT_MS });
}

test('a Spanish visitor who verified is verified for the console, and "Sign the visitor out" shows the verification again', async ({
  chat,
  openContext,
}) => {
  const { page } = chat;
  const conversationId = await chat.open('/?lang=es');
  await askForBookingInSpanish(page);
  await page.getByPlaceholder('(555) 123-4567').fill('5555550100');
  await page.getByRole('button', { name: 'Enviar código', exact: true }).click();
  const codeField = page.getByLabel('Código de verificación', { exact: true });
  await codeField.waitFor({ timeout: WAIT_MS });
  await codeField.fill('123456');
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await page.getByText('✓ Número de teléfono verificado correctamente').waitFor({ timeout: WAIT_MS });

  const staff = await openConsole(openContext);
  await staff.pick(conversationId);
  const note = staff.page.getByText('This visitor has already verified their phone');
  await note.waitFor({ timeout: WAIT_MS });
  expect(await staff.raiseButton.isDisabled()).toBe(true);
  // The advice names the control that works, and the control is there.
  expect(await note.innerText()).toContain('press "Sign the visitor out"');
  expect(await note.innerText()).not.toContain('new chat');
  const signOut = staff.page.getByRole('button', { name: 'Sign the visitor out' });
  expect(await signOut.isEnabled()).toBe(true);

  await signOut.click();
  await staff.waitForStatus('The visitor is signed out');
  await expect.poll(() => staff.raiseButton.isEnabled(), { timeout: WAIT_MS }).toBe(true);
  expect(await note.isHidden()).toBe(true);
  expect(await signOut.isDisabled()).toBe(true);

  // The visitor, on the same page, asks again: the verification box shows again.
  await askForBookingInSpanish(page);
  expect(await page.getByPlaceholder('(555) 123-4567').isVisible()).toBe(true);
});

test('after "Clock +25 hours" a conversation opened but never written in is not listed; one with a visitor message is, as expired', async ({
  chat,
  openContext,
}) => {
  const spoken = await chat.open('/');
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  // Another visitor only opened the page.
  const other = new ChatPage(await (await openContext()).newPage());
  const silent = await other.open('/');

  const staff = await openConsole(openContext);
  await staff.entry(spoken).waitFor({ timeout: WAIT_MS });
  await staff.page.getByRole('button', { name: 'Clock +25 hours (expire)' }).click();
  await staff.waitForStatus('2 conversations expired');
  // The list was read again after the move (the spoken one is marked expired), and the silent one,
  // which now holds the expiry notice, is still not listed.
  await expect.poll(() => staff.entry(spoken).innerText(), { timeout: WAIT_MS }).toContain('expired');
  expect(await staff.entry(silent).count()).toBe(0);
  // The visitor who only opened the page was told all the same.
  await other.page.getByText('This conversation has expired').waitFor({ timeout: WAIT_MS });
});
