// Journey: a conversation past its 24 hours is replaced by a new one on the next visit (§4 resolution).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import type { ChatPage } from './pages/chat-page.js';

/** Opens the default business, asks one question and waits for its answer; resolves the conversation id. */
async function chatOnce(chat: ChatPage): Promise<string> {
  const id = await chat.open('/');
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  return id;
}

test('reloading an expired conversation creates a new one and clears the messages', async ({
  page,
  chat,
  stack,
}) => {
  const oldId = await chatOnce(chat);
  await expect.poll(() => chat.smartReplies().count(), { timeout: WAIT_MS }).toBeGreaterThan(0);

  // The visitor comes back 25 hours later.
  await stack.passMoreThanADay(page, oldId);
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
  stack,
}) => {
  const oldId = await chatOnce(chat);

  // The tab stays open while more than a day passes.
  await stack.passMoreThanADay(page, oldId);

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
  expect((await stack.conversation(newId))?.lastMessage?.text).toBe('Where are you located?');
  expect((await stack.conversation(oldId))?.messageCount).toBe(2);
});
