// Journeys: choices used once — a suggested question, a smart reply, the phone widget's outcomes —
// act once however they are pressed, and leave the keyboard focus on the message box, not on <body>
// (regressions found by QA: a double-clicked question was sent twice; Enter on a question left
// focus on <body>).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS, type ChatPage } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

/** Presses Tab (Shift+Tab when `backwards`) until `target` has focus; fails after 40 presses. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('Tab never reached the element');
}

/** Waits until the message box has the keyboard focus (it may first have to be enabled again). */
async function expectFocusOnMessageBox(chat: ChatPage): Promise<void> {
  await expect
    .poll(() => chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'body'), {
      timeout: WAIT_MS,
      interval: 50,
    })
    .toBe('Message');
}

test('a double-clicked suggested question is sent once and answered once', async ({ chat, control }) => {
  const conversationId = await chat.openDefaultChat();
  await chat.suggestedQuestion('Which services do you offer?').dblclick();

  await chat.waitForUserMessage('Which services do you offer?');
  await chat.waitForAssistantReplies(1);
  await chat.typingIndicator.waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await chat.userMessages().count()).toBe(1);
  expect(await chat.assistantMessages().count()).toBe(1);
  // On the server too: one question and one answer.
  const stored = (await control.conversations()).find((c) => c.id === conversationId);
  expect(stored?.messageCount).toBe(2);
});

test('a suggested question and a smart reply chosen with the keyboard leave focus on the message box', async ({
  page,
  chat,
}) => {
  await chat.openDefaultChat();
  await tabTo(page, chat.suggestedQuestion('What are your opening hours?'));
  await page.keyboard.press('Enter');
  await chat.waitForUserMessage('What are your opening hours?');
  await chat.suggestedQuestions().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await expectFocusOnMessageBox(chat);

  // The smart replies come before the message box: Shift+Tab back to the first, Enter chooses it.
  await chat.waitForAssistantReplies(1);
  const reply = chat.smartReplies().first();
  await reply.waitFor({ timeout: WAIT_MS });
  const replyText = await reply.innerText();
  await tabTo(page, reply, true);
  await page.keyboard.press('Enter');
  await chat.waitForUserMessage(replyText);
  await expectFocusOnMessageBox(chat);
  // Typing goes straight into the box.
  await page.keyboard.type('Thanks');
  expect(await chat.messageBox.inputValue()).toBe('Thanks');
});

test('verifying with the keyboard leaves focus on the message box once the widget closes', async ({
  page,
  chat,
}) => {
  await chat.openAtPhoneSignIn();
  // The widget took the focus from the message box the interrupt disabled.
  await expect
    .poll(() => chat.phoneWidget.phoneField.evaluate((el) => el === document.activeElement))
    .toBe(true);
  await page.keyboard.type('5555550100');
  await page.keyboard.press('Enter');
  await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
  expect(await chat.phoneWidget.codeField.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await expectFocusOnMessageBox(chat);
});

test('"Verify later" and Cancel chosen with the keyboard leave focus on the message box', async ({
  page,
  chat,
}) => {
  await chat.openAtPhoneSignIn();
  await tabTo(page, chat.smartReply('Verify later'));
  await page.keyboard.press('Enter');
  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  await expectFocusOnMessageBox(chat);

  // A new conversation asks again; this time the visitor cancels.
  await chat.newChatButton.click();
  await chat.waitForEmptyState('Bella Vista Salon');
  await chat.askForBookingAndWaitForInterrupt();
  const cancel = chat.authMessages().first().getByRole('button', { name: 'Cancel', exact: true });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  await chat.text('Authentication cancelled').waitFor({ timeout: WAIT_MS });
  await expectFocusOnMessageBox(chat);
});
