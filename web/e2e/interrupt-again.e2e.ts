// Journey: after a "not now", a visitor who asks to book again can still verify (issue 8 point 1):
// §4's "once per conversation" is one auth message at a time, once per tool request.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('decline, ask to book again, verify, and get the booking answer', async ({ chat }) => {
  await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  // The assistant never answers with nothing: a text reply comes with the interrupt.
  await expect
    .poll(() => chat.assistantMessages().allInnerTexts(), { timeout: WAIT_MS })
    .toContainEqual(expect.stringContaining("I'd be happy to help you book an appointment!"));

  await chat.smartReply('Verify later').click();
  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await expect
    .poll(() => chat.lastAssistantText(), { timeout: WAIT_MS })
    .toContain("I won't make any booking changes without a verified phone number");
  await chat.waitForComposerEnabled();

  // Asking again brings the widget back: exactly one.
  await chat.send('Actually, I want to book an appointment for Friday');
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  await chat.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().count()).toBe(1);
  await chat.smartReply('Verify later').waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerDisabled();

  await chat.verifyTestNumberAndWaitForBooking();
  expect(await chat.authMessages().count()).toBe(0);
});

test('after Cancel, asking again shows the widget again', async ({ chat }) => {
  await chat.openAtPhoneSignIn();
  await chat.authMessages().first().getByRole('button', { name: 'Cancel', exact: true }).click();
  await chat.text('Authentication cancelled').waitFor({ timeout: WAIT_MS });
  await chat.waitForComposerEnabled();

  await chat.send('Please reschedule my appointment');
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  await chat.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().count()).toBe(1);
  await chat.waitForComposerDisabled();
});
