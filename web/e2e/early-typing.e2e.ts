// Journeys: the visitor types before the app's script has even arrived (issue 31). The app's main chunk
// is held at the network until the journey lets it through, so everything typed before that went into
// index.html's box, run by the first-read script.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

const MAIN_CHUNK = /\/assets\/index-[\w-]+\.js$/;

/** Holds the app's script at the network until `release()` (every request for it, reloads included). */
async function holdAppScript(page: Page): Promise<{ requested: Promise<void>; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const firstRequest = new Promise<void>((resolve) => (requested = resolve));
  await page.route(MAIN_CHUNK, async (route) => {
    requested();
    await released;
    await route.continue().catch(() => undefined); // the page may have gone (a reload)
  });
  return { requested: firstRequest, release };
}

/** The app has not run: the conversation's message log, which only the app renders, is not there. */
async function appHasNotRun(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('#root [role="log"]') === null);
}

test('typed and sent before the app has loaded: the message is sent once, when the conversation exists', async ({
  page,
  chat,
  control,
}) => {
  const script = await holdAppScript(page);
  await page.goto('/chat/bella-vista-salon', { waitUntil: 'commit' });
  await script.requested;
  // The early welcome and the box, before the app's code has arrived.
  await chat.waitForEmptyState('Bella Vista Salon');
  await chat.messageBox.click();
  await chat.messageBox.pressSequentially('What are your opening hours?');
  await chat.messageBox.press('Enter');
  expect(await chat.messageBox.inputValue()).toBe('What are your opening hours?');
  expect(await chat.messageBox.getAttribute('readonly')).not.toBeNull();
  expect(await appHasNotRun(page)).toBe(true);
  expect(await control.conversations()).toHaveLength(0);

  script.release();
  await chat.waitForConversation('bella-vista-salon');
  await chat.waitForUserMessage('What are your opening hours?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual(['What are your opening hours?']);
  await expect.poll(() => chat.messageBox.inputValue(), { timeout: WAIT_MS }).toBe('');
  expect(await chat.messageBox.isEditable()).toBe(true);
  const conversations = await control.conversations();
  expect(conversations).toHaveLength(1);
  expect(conversations[0]!.firstVisitorMessage?.text).toBe('What are your opening hours?');
  // One message and its one reply; a second send would have made more.
  expect(conversations[0]!.messageCount).toBe(2);
});

test('a draft typed before the app has loaded survives a reload during start and stays unsent; Enter then sends it once', async ({
  page,
  chat,
  control,
}) => {
  const script = await holdAppScript(page);
  await page.goto('/chat/bella-vista-salon', { waitUntil: 'commit' });
  await script.requested;
  await chat.messageBox.click();
  await chat.messageBox.pressSequentially('Do you cut curly hair?');
  await chat.messageBox.press('Enter');

  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => chat.messageBox.inputValue(), { timeout: WAIT_MS }).toBe('Do you cut curly hair?');
  script.release();
  await chat.waitForConversation('bella-vista-salon');
  await chat.waitForEmptyState('Bella Vista Salon');
  // A reload is no Enter: the text is back in the box as a draft, nothing was sent.
  expect(await chat.messageBox.inputValue()).toBe('Do you cut curly hair?');
  expect(await chat.userTexts()).toEqual([]);
  await chat.messageBox.press('Enter');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual(['Do you cut curly hair?']);
  expect((await control.conversations())[0]!.messageCount).toBe(2);
});

test('sent before the app has loaded to a business that is not approved: the text stays in the disabled box, nothing is sent', async ({
  page,
  chat,
  control,
}) => {
  const script = await holdAppScript(page);
  await page.goto('/chat/sunrise-bakery', { waitUntil: 'commit' });
  await script.requested;
  await chat.messageBox.click();
  await chat.messageBox.pressSequentially('Are you open on Sunday?');
  await chat.messageBox.press('Enter');

  script.release();
  await chat.banner.waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerDisabled();
  expect(await chat.messageBox.inputValue()).toBe('Are you open on Sunday?');
  expect(await chat.messageBox.getAttribute('placeholder')).toBe('Chat disabled - verification pending');
  expect(await chat.userTexts()).toEqual([]);
  expect(await control.conversations()).toHaveLength(0);
});

test('sent before the app has loaded when the business cannot be read: nothing is lost; after Refresh Page the text is back, and sent once', async ({
  page,
  chat,
  control,
}) => {
  // The first read and every retry of the app fail.
  await control.fault({ operation: 'data.getBusiness', error: 500, count: 4 });
  const script = await holdAppScript(page);
  await page.goto('/chat/bella-vista-salon', { waitUntil: 'commit' });
  await script.requested;
  await chat.messageBox.click();
  await chat.messageBox.pressSequentially('Do you cut curly hair?');
  await chat.messageBox.press('Enter');

  script.release();
  await chat.text('Error: Failed to load business profile').waitFor({ timeout: WAIT_MS });
  expect(await control.conversations()).toHaveLength(0);
  await control.clearFaults();
  await page.getByRole('button', { name: 'Refresh Page', exact: true }).click();
  await chat.waitForConversation('bella-vista-salon');
  await chat.waitForEmptyState('Bella Vista Salon');
  await expect.poll(() => chat.messageBox.inputValue(), { timeout: WAIT_MS }).toBe('Do you cut curly hair?');
  await chat.messageBox.press('Enter');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual(['Do you cut curly hair?']);
  expect((await control.conversations())[0]!.messageCount).toBe(2);
});
