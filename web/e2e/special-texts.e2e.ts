// Journeys: the special texts 'try again' and 'start a new chat' (§4, case-insensitive), and the New
// chat button.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test("'try again' sends the visitor's last message to the assistant again", async ({ chat, control }) => {
  await chat.openDefaultChat();
  await control.fault({ operation: 'chat', error: 503, count: 1 });
  await chat.send('Where are you located?');
  await chat.alerts.filter({ hasText: 'Failed to get AI response' }).waitFor({ timeout: WAIT_MS });
  expect(await chat.assistantMessages().count()).toBe(0);

  await chat.send('try again');
  await chat.waitForAssistantReplies(1);
  expect(await chat.lastAssistantText()).toContain('Bella Vista Salon');
  // The message was already on screen: it is asked again, not shown twice; 'try again' is no message.
  expect(await chat.userMessages().count()).toBe(1);
  expect(await chat.userMessages().filter({ hasText: 'try again' }).count()).toBe(0);

  // With an answer on screen, 'try again' asks for another one.
  await chat.send('Try again');
  await chat.waitForAssistantReplies(2);
  expect(await chat.userMessages().count()).toBe(1);
});

test("'try again' with nothing to retry says so", async ({ chat }) => {
  await chat.openDefaultChat();
  await chat.send('Try Again');
  await chat.text('There is no previous message to retry.').waitFor({ timeout: WAIT_MS });
  expect(await chat.assistantMessages().count()).toBe(0);
});

test("'start a new chat' and the New chat button each open a new, empty conversation", async ({
  page,
  chat,
}) => {
  const first = await chat.open('/');
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);

  await chat.send('start a new chat');
  const second = await chat.waitForConversation('bella-vista-salon', { not: first });
  await chat.waitForEmptyState('Bella Vista Salon');
  expect(await chat.userMessages().count()).toBe(0);

  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);
  await chat.newChatButton.click();
  const third = await chat.waitForConversation('bella-vista-salon', { not: second });
  expect(third).not.toBe(first);
  await chat.waitForEmptyState('Bella Vista Salon');

  // The new conversation is the one the tab remembers.
  await page.goto('/chat/bella-vista-salon');
  expect(await chat.waitForConversation('bella-vista-salon')).toBe(third);
});
