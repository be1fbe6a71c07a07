// Journeys: the handle route /chat/@{handle} (§2) — found, with a query string, and unknown.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { HandlePage } from './pages/handle-page.js';
import { test } from './support/journey-test.js';

test('/chat/@bellavista?question=… lands on the business chat and sends the question once', async ({
  page,
  chat,
}) => {
  await page.goto('/chat/@bellavista?question=What%20are%20your%20hours%3F');

  const conversationId = await chat.waitForConversation('bella-vista-salon');
  await chat.waitForUserMessage('What are your hours?');
  // The parameter is removed once the question is sent, so a reload does not send it again.
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  expect(new URL(page.url()).pathname).toBe(`/chat/bella-vista-salon/${conversationId}`);
  await chat.waitForAssistantReplies(1);
  expect(await chat.lastAssistantText()).toMatch(/hours|open/i);
  expect(await chat.userMessages().count()).toBe(1);

  await page.reload();
  await chat.waitForAssistantReplies(1);
  expect(await chat.userMessages().count()).toBe(1);
  expect(chat.conversationId()).toBe(conversationId);
});

test('/chat/@bellavista/{conversationId} keeps the conversation', async ({ page, chat }) => {
  const conversationId = await chat.open('/');
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);

  await page.goto(`/chat/@bellavista/${conversationId}`);
  await page.waitForURL(new RegExp(`/chat/bella-vista-salon/${conversationId}$`), { timeout: WAIT_MS });
  await chat.waitForUserMessage('Where are you located?');
  expect(await chat.assistantMessages().count()).toBe(1);
});

test('an unknown handle shows "Oops!" and "Business not found"', async ({ page }) => {
  const handlePage = new HandlePage(page);
  await handlePage.open('no-such-business');

  await handlePage.oops.waitFor({ timeout: WAIT_MS });
  await handlePage.notFound.waitFor({ timeout: WAIT_MS });
  expect(new URL(page.url()).pathname).toBe('/chat/@no-such-business');
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
});
