// Journeys: the device's clock and the server's a day apart (§4 expiry, judged by the server's clock).
import { DATA_ROUTES } from '@chat/core';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { test } from './support/journey-test.js';
import { settledConversation } from './support/settled-conversation.js';

const HOUR_MS = 60 * 60 * 1000;

/** Counts the page's requests that create a conversation (POST /data/conversations). */
function countConversationCreations(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === DATA_ROUTES.conversations) {
      count += 1;
    }
  });
  return () => count;
}

test('regression: with the device a day ahead of the server, the page creates one conversation and the message is answered', async ({
  page,
  chat,
  control,
}) => {
  // Before: every send replaced the conversation the server had just created (~30 a second), and the
  // message was never saved.
  await control.moveClock({ offsetMs: -25 * HOUR_MS });
  const creations = countConversationCreations(page);

  const conversationId = await chat.open('/chat/@bellavista');
  await chat.waitForEmptyState('Bella Vista Salon');
  await chat.send('What are your hours?');
  await chat.waitForUserMessage('What are your hours?');
  await chat.waitForAssistantReplies(1);
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(2);

  expect(chat.conversationId()).toBe(conversationId);
  expect(creations()).toBe(1);
  const conversations = await control.conversations();
  expect(conversations.map((c) => c.id)).toEqual([conversationId]);
  expect(conversations[0]?.messageCount).toBe(4);
  expect(conversations[0]?.firstVisitorMessage?.text).toBe('What are your hours?');
  await settledConversation(control, conversationId);
  expect(await chat.visibleText()).not.toContain('Failed to get AI response');

  // A reload in the same tab keeps the conversation: the server's time is remembered for the tab.
  await page.reload();
  await chat.waitForUserMessage('Where are you located?');
  expect(chat.conversationId()).toBe(conversationId);
  expect(creations()).toBe(1);
});

test('with the server a day ahead of the device, a message goes to a new conversation and is answered there', async ({
  chat,
  control,
}) => {
  const oldId = await chat.openDefaultChat();
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);

  // Only the server's clock passes the conversation's 24 hours.
  await control.moveClock({ offsetMs: 25 * HOUR_MS });
  await chat.send('Where are you located?');

  const newId = await chat.waitForConversation('bella-vista-salon', { not: oldId });
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual(['Where are you located?']);
  expect(await chat.visibleText()).not.toContain('Failed to get AI response');
  expect((await settledConversation(control, newId)).firstVisitorMessage?.text).toBe(
    'Where are you located?',
  );
  expect(await control.conversations()).toHaveLength(2);
});
