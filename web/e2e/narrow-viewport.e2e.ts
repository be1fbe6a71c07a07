// The page at 360px wide (issue 4, point 12): nothing scrolls sideways and the composer stays in
// view — empty, chatting, and with the phone widget open.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

const WIDTH = 360;
const HEIGHT = 740;

async function expectFitsWidth(page: Page, chat: ChatPage, state: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth, `${state}: page width`).toBeLessThanOrEqual(WIDTH);
  for (const control of [chat.messageBox, chat.sendButton]) {
    const box = await control.boundingBox();
    expect(box, `${state}: composer visible`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    expect(box!.y + box!.height).toBeLessThanOrEqual(HEIGHT);
  }
}

test('at 360px wide nothing scrolls sideways and the composer stays in view', async ({ openContext }) => {
  const context = await openContext({
    viewport: { width: WIDTH, height: HEIGHT },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const chat = new ChatPage(page);

  await chat.openDefaultChat();
  await expectFitsWidth(page, chat, 'empty');

  await chat.send('Tell me about your services');
  await chat.waitForAssistantReplies(1);
  await expectFitsWidth(page, chat, 'chatting');
  await saveStateScreenshot(page, 'narrow-360');

  await chat.askForBookingAndWaitForInterrupt();
  await expectFitsWidth(page, chat, 'interrupt');
  const widget = await chat.authMessages().first().boundingBox();
  expect(widget!.x + widget!.width).toBeLessThanOrEqual(WIDTH);
  await chat.phoneWidget.requestCode('5555550100');
  await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
  await expectFitsWidth(page, chat, 'code step');
  await saveStateScreenshot(page, 'narrow-360-code-step');
});
