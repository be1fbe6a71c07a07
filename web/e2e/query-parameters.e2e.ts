// Journeys: the chat page's `question` and `i` query parameters (§2).
import { BOOKING_UPDATE_MARKER } from '@chat/core';
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { settledConversation } from './support/settled-conversation.js';

test("?question= is sent as the visitor's message once everything is ready, then removed", async ({
  page,
  chat,
}) => {
  await page.goto('/chat/bella-vista-salon?question=Where%20are%20you%20located%3F');

  await chat.waitForConversation('bella-vista-salon');
  await chat.waitForUserMessage('Where are you located?');
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  await chat.waitForAssistantReplies(1);
  expect(await chat.lastAssistantText()).toContain('Bella Vista Salon');
  expect(await chat.userMessages().count()).toBe(1);
});

test('?i= asks for a booking update without ever showing the marker', async ({ page, chat, control }) => {
  // Record from the first render, so a marker shown for a single frame would be caught too.
  await page.addInitScript(
    ([marker]) => {
      const seen: string[] = [];
      (window as unknown as { __markerSeen: string[] }).__markerSeen = seen;
      new MutationObserver(() => {
        if (document.body?.innerText.includes(marker!)) seen.push(document.body.innerText);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    [BOOKING_UPDATE_MARKER],
  );
  await page.goto('/chat/bella-vista-salon?i=BK-2048');

  const conversationId = await chat.waitForConversation('bella-vista-salon');
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  await chat.waitForAssistantReplies(1);
  const reply = await chat.lastAssistantText();
  expect(reply).toContain('booking update for reference BK-2048');

  expect(await chat.visibleText()).not.toContain(BOOKING_UPDATE_MARKER);
  expect(await chat.visibleText()).not.toContain('booking-update');
  expect(await page.evaluate(() => (window as unknown as { __markerSeen: string[] }).__markerSeen)).toEqual(
    [],
  );
  // The server did receive the marker message: that is what made the reply a booking update.
  const stored = (await control.conversations()).find((c) => c.id === conversationId);
  expect(stored?.messageCount).toBe(2);
});

test('/?question= keeps its question through the redirect to the default business', async ({
  page,
  chat,
}) => {
  await page.goto('/?question=What%20are%20your%20opening%20hours%3F');

  await chat.waitForConversation('bella-vista-salon');
  await chat.waitForUserMessage('What are your opening hours?');
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  await chat.waitForAssistantReplies(1);
});

test('/?i= keeps its booking reference through the redirect', async ({ page, chat }) => {
  await page.goto('/?i=BK-77');

  await chat.waitForConversation('bella-vista-salon');
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  await chat.waitForAssistantReplies(1);
  expect(await chat.lastAssistantText()).toContain('booking update for reference BK-77');
});

test('a question past 2048 characters is cut to the limit, with the toast', async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await chat.open(`/chat/bella-vista-salon?question=${'a'.repeat(2100)}`);

  await chat.text('Your text was truncated to 2048 characters.').waitFor({ timeout: WAIT_MS });
  await chat.userMessages().first().waitFor({ timeout: WAIT_MS });
  const shown = await chat.userMessages().first().innerText();
  expect(shown).toContain('a'.repeat(2048));
  expect(shown).not.toContain('a'.repeat(2049));
  await page.waitForURL((url) => url.search === '', { timeout: WAIT_MS });
  // Stored as shown: cut to the limit.
  await expect
    .poll(
      async () =>
        (await control.conversations()).find((c) => c.id === conversationId)?.firstVisitorMessage?.text,
      { timeout: WAIT_MS },
    )
    .toBe('a'.repeat(2048));
});

test('an i value is cut so that marker and value fit', async ({ chat, control }) => {
  const conversationId = await chat.open(`/chat/bella-vista-salon?i=${'7'.repeat(2100)}`);

  await chat.text('Your text was truncated to 2048 characters.').waitFor({ timeout: WAIT_MS });
  await chat.waitForAssistantReplies(1);
  const stored = await settledConversation(control, conversationId);
  expect(stored.firstVisitorMessage?.text).toBe(
    `${BOOKING_UPDATE_MARKER}${'7'.repeat(2048 - BOOKING_UPDATE_MARKER.length)}`,
  );
});
