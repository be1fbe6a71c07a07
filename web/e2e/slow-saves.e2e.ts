// Journeys: slow and hung saves. The visitor's messages show at once ('Sending…'), keep the order they
// were sent in, and a save that never answers ends in 'Failed to send message' with the message kept.
import { WRITE_TIMEOUT_MS } from '@chat/core';
import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { WAIT_MS } from './pages/chat-page.js';
import { seriousViolations } from './support/axe.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

const MESSAGE_SAVES = '**/data/conversations/*/messages';

/**
 * Holds the page's message saves (POST …/messages) at the network, as a slow or stopped server would,
 * until `release()`; `held()` says how many are waiting. With `hang`, they are never let through.
 */
async function holdSaves(page: Page) {
  const waiting: Route[] = [];
  let holding = true;
  await page.route(MESSAGE_SAVES, async (route) => {
    if (route.request().method() !== 'POST' || !holding) return route.continue();
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    async release() {
      holding = false;
      for (const route of waiting.splice(0)) await route.continue();
    },
    /** New saves go through; the ones already held stay hung. */
    letNewOnesThrough() {
      holding = false;
    },
  };
}

test('regression: a slow save shows the message at once as Sending…, and one sent meanwhile comes after it', async ({
  page,
  chat,
  control,
}) => {
  // Before: the box cleared but nothing showed until the save answered, and a second message sent
  // meanwhile was saved (and shown) before the first.
  const conversationId = await chat.openDefaultChat();
  const saves = await holdSaves(page);

  await chat.send('What are your hours?');
  await expect.poll(saves.held, { timeout: WAIT_MS }).toBe(1);
  expect(await chat.messageBox.inputValue()).toBe('');
  expect(await chat.userBubble('What are your hours?').innerText()).toContain('Sending…');

  await chat.send('Where are you located?');
  await expect
    .poll(() => chat.userTexts(), { timeout: WAIT_MS })
    .toEqual(['What are your hours?', 'Where are you located?']);
  expect(await chat.userBubble('Where are you located?').innerText()).toContain('Sending…');
  // Saved one at a time: the second waits for the first.
  expect(saves.held()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await saveStateScreenshot(page, 'sending');

  await saves.release();
  await chat.waitForAssistantReplies(2);
  expect(await chat.userTexts()).toEqual(['What are your hours?', 'Where are you located?']);
  expect(await chat.visibleText()).not.toContain('Sending…');
  const conversations = await control.conversations();
  expect(conversations.map((conversation) => conversation.id)).toEqual([conversationId]);
  // Stored in the order typed: the first visitor message is the first one sent.
  expect(conversations[0]?.firstVisitorMessage?.text).toBe('What are your hours?');
});

test("a save that never answers ends in 'Failed to send message', the message kept to retry", async ({
  page,
  chat,
}) => {
  // The page's clock is driven by the journey, so the write deadline passes without a 15 s wait.
  await page.clock.install();
  await chat.openDefaultChat();
  const saves = await holdSaves(page);

  await chat.send('What are your hours?');
  await expect.poll(saves.held, { timeout: WAIT_MS }).toBe(1);
  await chat.send('Where are you located?');
  await page.clock.fastForward(WRITE_TIMEOUT_MS);

  await chat.alerts.filter({ hasText: 'Failed to send message' }).waitFor({ timeout: WAIT_MS });
  // Both are kept, in order, not sent: the second never went ahead of the first.
  expect(await chat.userTexts()).toEqual(['What are your hours?', 'Where are you located?']);
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await expect.poll(() => retry.count(), { timeout: WAIT_MS }).toBe(2);
  expect(saves.held()).toBe(1);
  // 'Not sent' and Retry are readable and usable like the rest of the page.
  expect(await seriousViolations(page)).toEqual([]);
  await saveStateScreenshot(page, 'not-sent');

  // The server is back: each is sent again, in order, and answered.
  saves.letNewOnesThrough();
  await retry.first().click();
  await chat.waitForAssistantReplies(1);
  await retry.first().click();
  await chat.waitForAssistantReplies(2);
  expect(await chat.userTexts()).toEqual(['What are your hours?', 'Where are you located?']);
  expect(await chat.alerts.count()).toBe(0);
});
