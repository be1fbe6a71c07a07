// Issue 19, point 9: on a 390 px phone the smart replies were one line that scrolled sideways with
// no hint that more existed ('Cancel my order' was off screen). Every pill must be on screen, whole,
// after an answer and while the verification box offers its two replies.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { ChatPage } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

const WIDTH = 390;
const HEIGHT = 844;

/** The texts of the pills that are not whole on the screen. */
async function offScreen(pills: Locator): Promise<string[]> {
  const hidden: string[] = [];
  for (const pill of await pills.all()) {
    const box = await pill.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > WIDTH || box.y < 0 || box.y + box.height > HEIGHT) {
      hidden.push(await pill.innerText());
    }
  }
  return hidden;
}

test('at 390 px every smart reply is on screen, whole', async ({ openContext }) => {
  const context = await openContext({
    viewport: { width: WIDTH, height: HEIGHT },
    hasTouch: true,
    isMobile: true,
  });
  const chat = new ChatPage(await context.newPage());
  await chat.openDefaultChat();

  await chat.send('Tell me about your services');
  await chat.waitForAssistantReplies(1);
  await chat.smartReplies().first().waitFor();
  expect(await chat.smartReplies().count()).toBeGreaterThanOrEqual(3);
  expect(await offScreen(chat.smartReplies()), 'pills cut off after an answer').toEqual([]);
  await saveStateScreenshot(chat.page, 'smart-replies-390');

  await chat.askForBookingAndWaitForInterrupt();
  await chat.smartReply('Need more info about services').waitFor();
  expect(await offScreen(chat.smartReplies()), 'pills cut off beside the verification box').toEqual([]);
});
