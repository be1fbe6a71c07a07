// Journeys: the composer's rules (§5, §9) — the 2048-character limit and its three toasts, blank
// messages, Enter and Shift+Enter, and the 300px height cap.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

const LIMIT = 2048;

/**
 * Pastes `text` at the end of the message box with a synthetic paste event, which is what the
 * browser sends on Ctrl+V; the real clipboard would need permissions a headless run does not have.
 */
async function paste(page: Page, text: string): Promise<boolean> {
  return page.getByRole('textbox', { name: 'Message' }).evaluate((box, pasted) => {
    const input = box as HTMLTextAreaElement;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    return input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('typing past 2048 characters truncates the text with a toast', async ({ chat }) => {
  await chat.open('/');
  await chat.messageBox.fill('a'.repeat(LIMIT + 100));
  await chat.text('Your text was truncated to 2048 characters.').waitFor({ timeout: WAIT_MS });
  expect((await chat.messageBox.inputValue()).length).toBe(LIMIT);

  // One more key at the limit changes nothing.
  await chat.messageBox.press('End');
  await chat.messageBox.press('b');
  expect(await chat.messageBox.inputValue()).toBe('a'.repeat(LIMIT));
});

test('pasting at the limit is refused with a toast', async ({ page, chat }) => {
  await chat.open('/');
  await chat.messageBox.fill('x'.repeat(LIMIT));
  expect(await chat.text('Your text was truncated to 2048 characters.').count()).toBe(0);

  const defaultAllowed = await paste(page, 'more text');
  expect(defaultAllowed, 'the app handles the paste itself').toBe(false);
  await chat.text('Limit reached (2048). Remove some text to paste more.').waitFor({ timeout: WAIT_MS });
  expect(await chat.messageBox.inputValue()).toBe('x'.repeat(LIMIT));
});

test('a paste that does not fit is truncated with a toast', async ({ page, chat }) => {
  await chat.open('/');
  await chat.messageBox.fill('y'.repeat(2000));
  await paste(page, 'z'.repeat(100));
  await chat.text('Pasted text was truncated to fit the 2048-character limit.').waitFor({ timeout: WAIT_MS });
  const value = await chat.messageBox.inputValue();
  expect(value).toBe('y'.repeat(2000) + 'z'.repeat(LIMIT - 2000));

  // A full-length message can be sent.
  await chat.sendButton.click();
  await chat.userMessages().first().waitFor({ timeout: WAIT_MS });
  // The bubble reads "You: " to screen readers, then the text.
  expect(await chat.userMessages().first().innerText()).toMatch(/^You:\s*y{2000}z{48}$/);
});

test('blank messages cannot be sent; Shift+Enter adds a line; the box stops growing at 300px', async ({
  chat,
}) => {
  await chat.open('/');
  await chat.messageBox.fill('   \n  ');
  expect(await chat.sendButton.isDisabled()).toBe(true);
  await chat.messageBox.press('Enter');
  expect(await chat.userMessages().count()).toBe(0);

  await chat.messageBox.fill('');
  await chat.messageBox.pressSequentially('first line');
  await chat.messageBox.press('Shift+Enter');
  await chat.messageBox.pressSequentially('second line');
  expect(await chat.messageBox.inputValue()).toBe('first line\nsecond line');
  expect(await chat.userMessages().count()).toBe(0);

  const oneLine = (await chat.messageBox.boundingBox())!.height;
  await chat.messageBox.fill(Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n'));
  await expect
    .poll(async () => (await chat.messageBox.boundingBox())!.height, { timeout: WAIT_MS })
    .toBeGreaterThan(oneLine);
  const box = await chat.messageBox.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    scroll: el.scrollHeight,
  }));
  expect(box.height).toBeLessThanOrEqual(300);
  expect(box.scroll).toBeGreaterThan(box.height);
});
