// Journeys: a brief failure never discards the visitor's thread (issue 8 point 4).
import { expect } from 'vitest';
import { WAIT_MS, type ChatPage } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

/** Opens the default chat and asks one question, so the thread has something to lose; its id. */
async function openWithOneAnswer(chat: ChatPage): Promise<string> {
  const conversationId = await chat.openDefaultChat();
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);
  return conversationId;
}

test('a conversation read that keeps failing shows the error and keeps the id; a refresh gets it back', async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await openWithOneAnswer(chat);

  // More failures than the page's retries: the read gives up.
  await control.fault({ operation: 'data.getConversation', error: 503, count: 4 });
  await page.reload();
  await chat.text('Error: Failed to listen to chat messages').waitFor({ timeout: WAIT_MS });
  expect(chat.conversationId()).toBe(conversationId);
  expect((await control.conversations()).map((c) => c.id)).toEqual([conversationId]);

  await page.getByRole('button', { name: 'Refresh Page', exact: true }).click();
  await chat.waitForUserMessage('Where are you located?');
  expect(chat.conversationId()).toBe(conversationId);
  expect(await control.conversations()).toHaveLength(1);
});

test('a conversation read that fails once is retried and the thread shows', async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await openWithOneAnswer(chat);

  await control.fault({ operation: 'data.getConversation', error: 500, count: 2 });
  await page.reload();
  await chat.waitForUserMessage('Where are you located?');
  expect(chat.conversationId()).toBe(conversationId);
  expect(await control.conversations()).toHaveLength(1);
});

test('a business read that fails in passing is retried; one that keeps failing says so', async ({
  page,
  chat,
  control,
}) => {
  await control.fault({ operation: 'data.getBusiness', error: 503, count: 1 });
  await chat.openDefaultChat();

  await control.fault({ operation: 'data.getBusiness', error: 500, count: 4 });
  await page.reload();
  await chat.text('Error: Failed to load business profile').waitFor({ timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Refresh Page', exact: true }).waitFor({ timeout: WAIT_MS });
});
