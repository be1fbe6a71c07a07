// Issue 19, point 2: a verified visitor outlives the ID token's hour. After the server's clock moved
// (the demo console's "Clock +1 hour", or a real hour) the next message was 'Not sent … Failed to
// send message' and a reload 'Error: Failed to create new conversation' ("The ID token has expired").
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('a verified visitor still chats after the clock moves 2 hours, and after a reload', async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await chat.verifyTestNumberAndWaitForBooking();
  const browserErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(message.text());
  });

  await control.moveClock({ offsetMs: 2 * 60 * 60 * 1000 });
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(3);
  await chat.waitForAssistantReplyContaining('Tuesday');
  expect(await chat.text('Not sent').count()).toBe(0);

  await page.reload();
  expect(await chat.waitForConversation('bella-vista-salon')).toBe(conversationId);
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplyContaining('Seventh Avenue');
  expect(await page.getByText('Failed to', { exact: false }).count()).toBe(0);
  expect(browserErrors.filter((text) => text.includes('expired'))).toEqual([]);
});
