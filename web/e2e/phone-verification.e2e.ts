// Journeys: the phone sign-in interrupt (§4) with the test number +1 555-555-0100 (on the local stack its
// code is always 123456; on the Firebase stack the Auth emulator's code is read from the emulator):
// success, a wrong code, and a number typed in its international form. (A code that has expired needs the
// mock server's clock: phone-widget-errors.e2e.ts.)
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import type { ChatPage } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';
import { ofType } from './support/stack.js';
import { TEST_DIGITS, TEST_PHONE } from './support/test-phone.js';

/** The interrupt as §4 describes it: the auth message, its two smart replies, the input disabled. */
async function expectInterruptShown(chat: ChatPage): Promise<void> {
  const authText = await chat.authMessages().first().innerText();
  expect(authText).toMatch(/To book an appointment, please verify your phone number first\.|Almost there!/);
  await chat.smartReply('Verify later').waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Need more info about services').waitFor({ timeout: WAIT_MS });
  expect(await chat.smartReplies().count()).toBe(2);
  await chat.waitForComposerDisabled();
  expect(await chat.sendButton.isDisabled()).toBe(true);
}

test('verifying the test number signs the visitor in and the assistant carries on', async ({
  page,
  chat,
  stack,
}) => {
  const conversationId = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await expectInterruptShown(chat);
  await saveStateScreenshot(page, 'interrupt');

  const widget = chat.phoneWidget;
  await widget.phoneField.fill(TEST_DIGITS);
  expect(await widget.phoneField.inputValue()).toBe('(555) 555-0100');
  await widget.sendCodeButton.click();
  await widget.codeField.waitFor({ timeout: WAIT_MS });
  expect(await widget.codeField.getAttribute('placeholder')).toBe('123456');
  await page.getByText(/^Enter the 6-digit code sent to \+1 \(555\) 555-0100$/).waitFor({ timeout: WAIT_MS });
  await widget.enterCode(await stack.phoneCode(TEST_PHONE));

  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
  await chat.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
  // The booking request already had a text reply before the prompt; wait for the resumed one itself.
  await chat.waitForAssistantReplyContaining('Your booking request is in.');
  await chat.waitForComposerEnabled();
  expect(await chat.smartReply('Verify later').count()).toBe(0);
  await saveStateScreenshot(page, 'verified');

  // First signup: the business's feed tells the team who signed up, from which conversation.
  const feed = () => stack.feed('bella-vista-salon');
  await expect.poll(async () => ofType(await feed(), 'NEW_SIGNUP'), { timeout: WAIT_MS }).toHaveLength(1);
  const [item] = ofType(await feed(), 'NEW_SIGNUP');
  expect(item).toMatchObject({
    type: 'NEW_SIGNUP',
    conversationId,
    message: stack.testVisitorSignupMessage,
    customerPhone: TEST_PHONE,
  });
  // The page marks the conversation after the item is posted (two writes on the local stack): wait for it.
  await expect
    .poll(async () => (await stack.conversation(conversationId))?.signupFeedPosted, { timeout: WAIT_MS })
    .toBe(true);

  // And the booking request itself, once: from the verified number, in the visitor's words (issue 27).
  await expect
    .poll(async () => ofType(await feed(), 'BOOKING_REQUEST'), { timeout: WAIT_MS })
    .toHaveLength(1);
  expect(ofType(await feed(), 'BOOKING_REQUEST')[0]).toMatchObject({
    conversationId,
    customerPhone: TEST_PHONE,
    request: 'I would like to book an appointment',
  });

  // Signed in, a booking request no longer raises the interrupt, and reaches the team at once.
  await chat.send('Can I cancel my booking?');
  await chat.waitForAssistantReplyContaining('Your cancellation request is in.');
  expect(await chat.authMessages().count()).toBe(0);
  await expect
    .poll(async () => ofType(await feed(), 'BOOKING_REQUEST'), { timeout: WAIT_MS })
    .toHaveLength(2);
  expect(ofType(await feed(), 'BOOKING_REQUEST')[1]).toMatchObject({
    customerPhone: TEST_PHONE,
    request: 'Can I cancel my booking?',
  });
  expect(ofType(await feed(), 'NEW_SIGNUP')).toHaveLength(1);
});

test('a wrong code is refused with the §8 text, and the right one then works', async ({ chat, stack }) => {
  const widget = await chat.openAtPhoneSignIn();
  await widget.requestCode(TEST_DIGITS);
  await widget.codeField.waitFor({ timeout: WAIT_MS });

  await widget.enterCode('000000');
  await widget
    .error('Invalid verification code. Please check the code and try again.')
    .waitFor({ timeout: WAIT_MS });
  expect(await chat.text('✓ Phone number verified successfully').count()).toBe(0);
  await chat.waitForComposerDisabled();

  await widget.enterCode(await stack.phoneCode(TEST_PHONE));
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
});

// Regression (QA): "+1 (555) 555-0100" became (155) 555-5010 and a code was asked for +11555555010.
test('the international form, typed or pasted, is taken as the 10-digit number', async ({ chat, stack }) => {
  const widget = await chat.openAtPhoneSignIn();
  await widget.phoneField.pressSequentially('+1 (555) 555-0100');
  expect(await widget.phoneField.inputValue()).toBe('(555) 555-0100');
  await widget.phoneField.fill('1-555-555-0100');
  expect(await widget.phoneField.inputValue()).toBe('(555) 555-0100');

  await widget.sendCodeButton.click();
  await chat.page
    .getByText(/^Enter the 6-digit code sent to \+1 \(555\) 555-0100$/)
    .waitFor({ timeout: WAIT_MS });
  await widget.enterCode(await stack.phoneCode(TEST_PHONE));
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
});
