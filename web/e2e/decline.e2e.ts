// Journey: the visitor declines the phone sign-in by choosing a smart reply (§4 "On decline").
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('"Verify later" removes the sign-in, saves the choice, and the assistant answers with new replies', async ({
  chat,
  stack,
}) => {
  const conversationId = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await chat.smartReply('Verify later').click();

  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await chat.waitForUserMessage('Verify later');
  await chat.waitForAssistantReplies(1);
  await expect
    .poll(() => chat.lastAssistantText(), { timeout: WAIT_MS })
    .toContain("I won't make any booking changes without a verified phone number");
  await chat.waitForComposerEnabled();
  // New smart replies from the response replace the interrupt's two.
  await expect
    .poll(
      async () => {
        const texts = await chat.smartReplies().allInnerTexts();
        return texts.length > 0 && !texts.includes('Verify later');
      },
      { timeout: WAIT_MS },
    )
    .toBe(true);
  expect(await chat.smartReply('Need more info about services').count()).toBe(0);

  // The reply was saved on the server: booking request, 'Verify later' and the answer.
  expect((await stack.conversation(conversationId))?.messageCount).toBeGreaterThanOrEqual(3);

  // A new smart reply is a question the assistant answers.
  const next = chat.smartReplies().first();
  const nextText = await next.innerText();
  await next.click();
  await chat.waitForUserMessage(nextText);
  await chat.waitForAssistantReplies(2);
});

test('"Need more info about services" declines and gets the services answer', async ({ chat }) => {
  await chat.openAtPhoneSignIn();
  await chat.smartReply('Need more info about services').click();

  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await chat.waitForUserMessage('Need more info about services');
  await chat.waitForAssistantReplies(1);
  const reply = await chat.lastAssistantText();
  expect(reply).toContain("I won't make any booking changes");
  expect(reply).toContain("Here's what Bella Vista Salon offers:");
  await chat.waitForComposerEnabled();
});

test('cancelling the phone sign-in says "Authentication cancelled" and gives the input back', async ({
  chat,
}) => {
  await chat.openAtPhoneSignIn();
  await chat.authMessages().first().getByRole('button', { name: 'Cancel', exact: true }).click();

  await chat.text('Authentication cancelled').waitFor({ timeout: WAIT_MS });
  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await chat.waitForComposerEnabled();
  expect(await chat.smartReply('Verify later').count()).toBe(0);
});
