// Journeys: a reload keeps the conversation's state (issue 8 point 3): the latest answer's smart
// replies, and a pending phone sign-in interrupt with its widget, which can then be completed.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('a reload during a pending interrupt shows it pending again, and verifying then works', async ({
  page,
  chat,
}) => {
  const conversationId = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();

  await page.reload();
  expect(await chat.waitForConversation('bella-vista-salon')).toBe(conversationId);
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  await chat.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().count()).toBe(1);
  expect(await chat.authMessages().first().innerText()).toContain(
    'To book an appointment, please verify your phone number first.',
  );
  await chat.smartReply('Verify later').waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Need more info about services').waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerDisabled();

  await chat.verifyTestNumberAndWaitForBooking();

  // Reloaded again, the answered interrupt stays answered.
  await page.reload();
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerEnabled();
  expect(await chat.authMessages().count()).toBe(0);
});

test('a reload shows the latest answer’s smart replies again', async ({ page, chat }) => {
  await chat.openDefaultChat();
  await chat.send('What are your opening hours?');
  await chat.waitForAssistantReplies(1);
  await expect.poll(() => chat.smartReplies().count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
  const before = await chat.smartReplies().allInnerTexts();

  await page.reload();
  await chat.waitForAssistantReplies(1);
  await expect.poll(() => chat.smartReplies().allInnerTexts(), { timeout: WAIT_MS }).toEqual(before);
});
