// Journey: a conversation past its 24 hours is replaced by a new one on the next visit (§4 resolution).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import type { ChatPage } from './pages/chat-page.js';
import type { Page } from 'playwright-core';
import type { ControlClient } from './support/control.js';

/** Opens the default business, asks one question and waits for its answer; resolves the conversation id. */
async function chatOnce(chat: ChatPage): Promise<string> {
  const id = await chat.open('/');
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  return id;
}

/** 25 hours pass, for the server (control API clock) and for the browser. */
async function passMoreThanADay(page: Page, control: ControlClient): Promise<void> {
  const later = 25 * 60 * 60 * 1000;
  await control.moveClock({ offsetMs: later });
  await page.clock.setSystemTime(Date.now() + later);
}

test('reloading an expired conversation creates a new one and clears the messages', async ({
  page,
  chat,
  control,
}) => {
  const oldId = await chatOnce(chat);
  await expect.poll(() => chat.smartReplies().count(), { timeout: WAIT_MS }).toBeGreaterThan(0);

  // The visitor comes back 25 hours later.
  await passMoreThanADay(page, control);
  await page.reload();

  const newId = await chat.waitForConversation('bella-vista-salon', { not: oldId });
  expect(newId).not.toBe(oldId);
  await chat.waitForEmptyState('Bella Vista Salon');
  expect(await chat.userMessages().count()).toBe(0);
  expect(await chat.assistantMessages().count()).toBe(0);
  expect(await chat.smartReplies().count()).toBe(0);
  // The session now points at the new conversation.
  const stored = await page.evaluate(() => Object.values({ ...sessionStorage }).join(' '));
  expect(stored).toContain(newId);
  expect(stored).not.toContain(oldId);
  // And the new conversation works.
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);
});

test('a tab left open past 24 hours sends into a new conversation and gets its answer', async ({
  page,
  chat,
  control,
}) => {
  const oldId = await chatOnce(chat);

  // The tab stays open while more than a day passes.
  await passMoreThanADay(page, control);

  await chat.send('Where are you located?');
  const newId = await chat.waitForConversation('bella-vista-salon', { not: oldId });
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.lastAssistantText()).toContain('Bella Vista Salon');
  expect(await chat.userMessages().allInnerTexts()).toEqual([
    expect.stringContaining('Where are you located?'),
  ]);
  expect(await chat.visibleText()).not.toContain('Failed to get AI response');
  const stored = await page.evaluate(() => Object.values({ ...sessionStorage }).join(' '));
  expect(stored).toContain(newId);
  const conversations = await control.conversations();
  expect(conversations.find((c) => c.id === newId)?.lastMessage?.text).toBe('Where are you located?');
  // The old one keeps its question and answer, and the notice the clock move left in it (issue 19).
  const old = conversations.find((c) => c.id === oldId);
  expect(old?.messageCount).toBe(3);
  expect(old?.latestMessage?.text).toContain('This conversation has expired');
});
