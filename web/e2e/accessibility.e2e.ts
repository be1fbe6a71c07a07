// Accessibility (issue 4, point 12; issue 12, point 2): axe-core finds no serious or critical
// violation in the main states, in the light and the dark theme, and the chat can be used with the
// keyboard alone.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, test } from './support/journey-test.js';
import { saveStateScreenshot, type MainState } from './support/state-screenshots.js';

/** Walks the main states — empty, chatting, interrupt, code error, disabled — and runs axe in each. */
async function expectNoSeriousViolationsInMainStates(
  page: Page,
  chat: ChatPage,
  screenshotAs?: MainState,
): Promise<void> {
  await chat.openDefaultChat();
  expect(await seriousViolations(page), 'empty state').toEqual([]);

  await chat.send('Tell me about your services');
  await chat.waitForAssistantReplies(1);
  await expect.poll(() => chat.smartReplies().count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
  expect(await seriousViolations(page), 'chatting').toEqual([]);
  if (screenshotAs) await saveStateScreenshot(page, screenshotAs);

  await chat.askForBookingAndWaitForInterrupt();
  await chat.waitForComposerDisabled();
  expect(await seriousViolations(page), 'interrupt').toEqual([]);
  await chat.phoneWidget.requestCode('5555550100');
  await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
  await chat.phoneWidget.enterCode('000000');
  await chat.phoneWidget.error('Invalid verification code. Please check the code and try again.').waitFor();
  expect(await seriousViolations(page), 'code step with an error').toEqual([]);

  await chat.openClosed('/chat/sunrise-bakery', 'sunrise-bakery');
  await chat.banner.waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerDisabled();
  expect(await seriousViolations(page), 'disabled (pending business)').toEqual([]);
}

test('no serious or critical axe violations: empty, chatting, interrupt and disabled states', async ({
  page,
  chat,
}) => {
  await expectNoSeriousViolationsInMainStates(page, chat);
});

test('in dark mode (prefers-color-scheme: dark) the page is dark and axe finds no serious violation', async ({
  openContext,
}) => {
  const context = await openContext({ ...DESKTOP, colorScheme: 'dark' });
  const page = await context.newPage();
  const chat = new ChatPage(page);
  await chat.openDefaultChat();
  // The page really is dark: light text on a dark background.
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  const colours = await page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(document.body).color,
  }));
  expect(luminance(colours.background)).toBeLessThan(0.15);
  expect(luminance(colours.text)).toBeGreaterThan(0.8);
  await expectNoSeriousViolationsInMainStates(page, chat, 'dark-chatting');
});

test('the chat works with the keyboard alone', async ({ page, chat }) => {
  await chat.openDefaultChat();

  // Tab reaches the first suggested question; Enter sends it.
  const firstQuestion = chat.suggestedQuestion('What are your opening hours?');
  for (let presses = 0; presses < 20; presses++) {
    if (await firstQuestion.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  expect(await firstQuestion.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await chat.waitForUserMessage('What are your opening hours?');
  await chat.waitForAssistantReplies(1);

  // Tab reaches the message box; typing and Enter send.
  for (let presses = 0; presses < 30; presses++) {
    if (await chat.messageBox.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  expect(await chat.messageBox.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('Where are you located?');
  await page.keyboard.press('Enter');
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(2);
});
