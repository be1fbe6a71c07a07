// Journeys: sending the one-time code fails (§8) — the bot check, then too many requests.
import { expect } from 'vitest';
import type { FaultSpec } from '@chat/core';
import { WAIT_MS, type ChatPage } from './pages/chat-page.js';
import type { ControlClient } from './support/control.js';
import { test } from './support/journey-test.js';

/**
 * Opens the phone widget, makes the next `fault` fail, and asks for a code: expects `errorText` and
 * no code step. Returns the widget for the rest of the journey.
 */
async function failToSendCode(chat: ChatPage, control: ControlClient, fault: FaultSpec, errorText: string) {
  const widget = await chat.openAtPhoneSignIn();
  await control.fault(fault);

  await widget.requestCode('5555550100');
  await widget.error(errorText).waitFor({ timeout: WAIT_MS });
  expect(await widget.codeField.count()).toBe(0);
  return widget;
}

test('a failed bot check explains itself, and a second try sends the code', async ({ chat, control }) => {
  const widget = await failToSendCode(
    chat,
    control,
    { operation: 'botcheck', error: 'bot-check-failed', count: 1 },
    'Failed to send verification code. Security verification failed. Please refresh and try again.',
  );

  await widget.sendCodeButton.click();
  await widget.codeField.waitFor({ timeout: WAIT_MS });
});

test('too many requests explains itself', async ({ chat, control }) => {
  await failToSendCode(
    chat,
    control,
    { operation: 'otp.send', error: 'too-many-requests', count: 1 },
    'Failed to send verification code. Too many attempts. Please try again later.',
  );
  await chat.waitForComposerDisabled();
});

test('empty fields are caught before anything is sent; another number gets its own code', async ({
  chat,
  control,
}) => {
  const widget = await chat.openAtPhoneSignIn();

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
