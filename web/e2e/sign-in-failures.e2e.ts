// Journeys: sending the one-time code fails (§8) — the bot check, then too many requests.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('a failed bot check explains itself, and a second try sends the code', async ({ chat, control }) => {
  await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await control.fault({ operation: 'botcheck', error: 'bot-check-failed', count: 1 });

  await chat.phoneWidget.requestCode('5555550100');
  await chat.phoneWidget
    .error('Failed to send verification code. Security verification failed. Please refresh and try again.')
    .waitFor({ timeout: WAIT_MS });
  expect(await chat.phoneWidget.codeField.count()).toBe(0);

  await chat.phoneWidget.sendCodeButton.click();
  await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
});

test('too many requests explains itself', async ({ chat, control }) => {
  await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await control.fault({ operation: 'otp.send', error: 'too-many-requests', count: 1 });

  await chat.phoneWidget.requestCode('5555550100');
  await chat.phoneWidget
    .error('Failed to send verification code. Too many attempts. Please try again later.')
    .waitFor({ timeout: WAIT_MS });
  expect(await chat.phoneWidget.codeField.count()).toBe(0);
  await chat.waitForComposerDisabled();
});

test('empty fields are caught before anything is sent; another number gets its own code', async ({
  chat,
  control,
}) => {
  await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  const widget = chat.phoneWidget;

  await widget.sendCodeButton.click();
  await widget.error('Please enter your phone number').waitFor({ timeout: WAIT_MS });
  // Digits only, at most ten, shown as (XXX) XXX-XXXX.
  await widget.phoneField.fill('(212) 555-01234567');
  expect(await widget.phoneField.inputValue()).toBe('(212) 555-0123');
  await widget.sendCodeButton.click();
  await widget.codeField.waitFor({ timeout: WAIT_MS });

  await widget.verifyButton.click();
  await widget.error('Please enter the verification code').waitFor({ timeout: WAIT_MS });
  // Not a test number: the code is random, read here from the control API as demo staff would.
  const code = await control.otp('+12125550123');
  expect(code).toMatch(/^\d{6}$/);
  await widget.enterCode(code);
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
});
