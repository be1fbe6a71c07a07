// Journey: phone sign-in with the Firebase backend's real AuthProvider — RecaptchaVerifier and
// signInWithPhoneNumber of packages/firebase — against the real Auth emulator, in headless Chromium.
// Send a code, a wrong code is refused with the §8 text, the right code (read from the emulator) signs the
// visitor in. Also: Firebase Auth is fetched only once the widget appears, and nothing leaves 127.0.0.1
// (with the emulator the SDK uses its built-in fake reCAPTCHA; no Google script is loaded).
// What follows the sign-in (resuming the assistant) is not checked here: the test entry's chat and data
// are the mock server's, which does not accept Firebase ID tokens; the product journeys cover that part.
import type { Page, Request } from 'playwright-core';
import { beforeEach, expect, inject } from 'vitest';
import { WAIT_MS } from '../e2e/pages/chat-page.js';
import { test } from '../e2e/support/journey-test.js';
import { accountPhoneNumbers, clearAccounts, latestCode } from './support/auth-emulator.js';
import './support/provided.js';

// Any number works on the emulator; this one is not the mock server's fixed test number.
const DIGITS = '5555550123';
const E164 = '+15555550123';

beforeEach(async () => {
  await clearAccounts();
});

test('the phone widget signs in with Firebase Auth: send, wrong code, right code', async ({ page, chat }) => {
  const requested: string[] = [];
  page.on('request', (request: Request) => requested.push(request.url()));
  const authChunkRequested = () => requested.some((url) => url.endsWith(`/${inject('authChunk')}`));

  await chat.openDefaultChat();
  // The first paint needs no sign-in code.
  expect(authChunkRequested()).toBe(false);

  await chat.askForBookingAndWaitForInterrupt();
  // The widget asks for Firebase Auth as soon as it appears, before 'Send Code'.
  await expect.poll(authChunkRequested, { timeout: WAIT_MS }).toBe(true);

  const widget = chat.phoneWidget;
  await widget.requestCode(DIGITS);
  await widget.codeField.waitFor({ timeout: WAIT_MS });
  await expect.poll(() => latestCode(E164), { timeout: WAIT_MS }).not.toBeNull();
  const code = (await latestCode(E164))!;

  // Any other six digits are wrong.
  const wrong = code === '000000' ? '111111' : '000000';
  await widget.enterCode(wrong);
  await widget
    .error('Invalid verification code. Please check the code and try again.')
    .waitFor({ timeout: WAIT_MS });
  expect(await accountPhoneNumbers()).toEqual([]);
  await chat.waitForComposerDisabled();

  await widget.enterCode(code);
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
  expect(await accountPhoneNumbers()).toEqual([E164]);
  expect(await signedInPhone(page)).toBe(E164);
  // Remembered, so the next visit restores the session at once (decision 0006).
  expect(await page.evaluate(() => window.localStorage.getItem('business-chat.auth-session'))).toBe('1');

  const elsewhere = requested.filter((url) => new URL(url).hostname !== '127.0.0.1');
  expect(elsewhere).toEqual([]);
});

test('a returning signed-in visitor gets Firebase Auth at start and stays signed in', async ({
  page,
  chat,
}) => {
  const widget = await chat.openAtPhoneSignIn();
  await widget.requestCode(DIGITS);
  await expect.poll(() => latestCode(E164), { timeout: WAIT_MS }).not.toBeNull();
  await widget.enterCode((await latestCode(E164))!);
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });

  const requested: string[] = [];
  page.on('request', (request: Request) => requested.push(request.url()));
  await chat.open('/');

  // Loaded at start because the session hint says so (no widget on this page), and Firebase restores
  // the visitor from its own storage.
  expect(await chat.phoneWidget.phoneField.count()).toBe(0);
  await expect.poll(() => signedInPhone(page), { timeout: WAIT_MS }).toBe(E164);
  expect(requested.some((url) => url.endsWith(`/${inject('authChunk')}`))).toBe(true);
});

/** The phone number of the visitor the page's AuthProvider has signed in (the test entry exposes it). */
function signedInPhone(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      (
        window as unknown as { journeyAuth: { currentUser(): { phoneNumber: string | null } | null } }
      ).journeyAuth.currentUser()?.phoneNumber ?? null,
  );
}
