// Journeys: what the phone widget shows after a failed code (§8). Regressions found by QA: the
// wrong-code error appeared below the visible part of the messages, where the smart replies and the
// message box are, and nothing scrolled to it; after an expired code only 'Change Number' offered a
// way on, though the error asks the visitor to request a new code.
import type { BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { DESKTOP, test } from './support/journey-test.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { EXPIRED_CODE_ERROR, TEST_CODE, TEST_DIGITS, atExpiredCode } from './support/test-phone.js';

const WRONG_CODE = 'Invalid verification code. Please check the code and try again.';

const NARROW: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
};

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['360px', NARROW],
] as const) {
  test(`${name}: a wrong code's error shows inside the visible message area`, async ({ openContext }) => {
    const page = await (await openContext(options)).newPage();
    const chat = new ChatPage(page);
    // A conversation long enough that the sign-in prompt arrives at the bottom of the message area.
    await chat.openDefaultChat();
    await chat.send('Which services do you offer?');
    await chat.waitForAssistantReplies(1);
    await chat.send('Where are you located?');
    await chat.waitForAssistantReplies(2);
    await chat.askForBookingAndWaitForInterrupt();
    await chat.phoneWidget.requestCode(TEST_DIGITS);
    await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
    await chat.phoneWidget.enterCode('000000');

    const error = chat.phoneWidget.error(WRONG_CODE);
    await error.waitFor({ timeout: WAIT_MS });
    const messageArea = page.getByRole('region', { name: 'Messages' });
    await expect
      .poll(
        async () => {
          const [box, area] = [await error.boundingBox(), await messageArea.boundingBox()];
          return (
            box !== null && area !== null && box.y >= area.y && box.y + box.height <= area.y + area.height
          );
        },
        { timeout: WAIT_MS, interval: 50 },
      )
      .toBe(true);
    // And nothing lies over it: the point at its middle is the error itself.
    expect(
      await error.evaluate((el) => {
        const rect = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
      }),
    ).toBe(true);
    if (name === '360px') await saveStateScreenshot(page, 'narrow-360-code-error');
  });
}

test('an expired code offers "Send a new code", which sends one to the same number', async ({
  chat,
  control,
}) => {
  const widget = await atExpiredCode(chat, control);
  await saveStateScreenshot(chat.page, 'code-expired');

  await widget.sendNewCodeButton.click();
  await widget.sendNewCodeButton.waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await widget.error(EXPIRED_CODE_ERROR).count()).toBe(0);
  // Still the code step for the same number, ready for the new code.
  await chat.page.getByText(/^Enter the 6-digit code sent to \+1 \(555\) 555-0100$/).waitFor();
  // The field is emptied and focused as the new code's step renders, which may be a frame after the
  // button has gone.
  await expect.poll(() => widget.codeField.inputValue()).toBe('');
  await expect.poll(() => widget.codeField.evaluate((el) => el === document.activeElement)).toBe(true);

  await widget.enterCode(await control.otp('+15555550100'));
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
});

test('a code used after it expired is refused; "Change Number" goes back to the phone step', async ({
  chat,
  control,
}) => {
  const widget = await atExpiredCode(chat, control);

  await widget.changeNumberButton.click();
  await widget.phoneField.waitFor({ timeout: WAIT_MS });
  expect(await widget.codeField.count()).toBe(0);
  // A fresh code for the same number works.
  await widget.requestCode(TEST_DIGITS);
  await widget.enterCode(TEST_CODE);
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
});
