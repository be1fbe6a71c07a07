// Journey: a visitor opens the site's root address (§2 routes, empty state).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

test('/ replaces itself with a new conversation of the default business and shows the empty state', async ({
  page,
  chat,
}) => {
  const conversationId = await chat.open('/');

  expect(page.url()).toMatch(new RegExp(`/chat/bella-vista-salon/${conversationId}$`));
  await chat.waitForEmptyState('Bella Vista Salon');
  await chat.text('Bella Vista Salon').first().waitFor({ timeout: WAIT_MS });
  // The four suggested questions of the fixture, each a button named "line1 line2".
  await expect.poll(() => chat.suggestedQuestions().count(), { timeout: WAIT_MS }).toBe(4);
  expect(await chat.suggestedQuestion('What are your opening hours?').innerText()).toContain(
    "See when we're open this week",
  );
  expect(await chat.suggestedQuestion('What are your opening hours?').isEnabled()).toBe(true);
  expect(await chat.sendButton.isDisabled()).toBe(true); // blank message
  expect(await chat.newChatButton.isVisible()).toBe(true);
  // The conversation id is kept in session storage (§3 browser storage).
  const stored = await page.evaluate(() => Object.values({ ...sessionStorage }));
  expect(stored.some((value) => value.includes(conversationId))).toBe(true);
  await saveStateScreenshot(page, 'empty');

  // Replace-redirects only: Back leaves the site (to the blank tab) instead of landing on / again.
  await page.goBack();
  expect(page.url()).toBe('about:blank');
});

test("a suggested question is sent as the visitor's message and answered", async ({ chat }) => {
  await chat.open('/');
  await chat.suggestedQuestion('What are your opening hours?').click();

  await chat.waitForUserMessage('What are your opening hours?');
  await chat.waitForAssistantReplies(1);
  // Once there are messages the suggested questions and the empty state give way.
  await chat.suggestedQuestions().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await chat.text('How can I assist you?').count()).toBe(0);
  expect((await chat.lastAssistantText()).length).toBeGreaterThan(20);
});

test('any other path goes to /, and an unknown business id says it is not found', async ({ page, chat }) => {
  await page.goto('/no/such/page');
  await chat.waitForConversation('bella-vista-salon');

  await page.goto('/chat/no-such-business');
  await chat.text('Error: Business not found').waitFor({ timeout: WAIT_MS });
  expect(await chat.messageBox.count()).toBe(0);
});
