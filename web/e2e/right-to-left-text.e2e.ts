// Journey (regression): a visitor who writes in a right-to-left script on the English page saw their
// message with its question mark on the wrong side ("שלום, מה שעות הפתיחה?" drawn with the '?' at its
// right, where a Hebrew reader's sentence begins), in the bubble and in the message box: both took the
// page's left-to-right direction instead of the text's own.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

const HEBREW = 'שלום, מה שעות הפתיחה?';

test('a message in a right-to-left script reads right to left, in the box and in its bubble', async ({
  page,
  chat,
}) => {
  await chat.openDefaultChat();
  await chat.messageBox.fill(HEBREW);
  expect(await chat.messageBox.evaluate((box) => box.matches(':dir(rtl)'))).toBe(true);

  await chat.send(HEBREW);
  const text = chat.userBubble(HEBREW).locator('.msg__text');
  await text.waitFor({ timeout: WAIT_MS });
  // Where the first letter and the closing '?' are drawn: the '?' ends the sentence, on its left.
  const x = await text.evaluate((element) => {
    const node = element.firstChild!;
    const range = document.createRange();
    const left = (index: number) => {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    return { firstLetter: left(0), questionMark: left(node.textContent!.length - 1) };
  });
  expect(x.questionMark).toBeLessThan(x.firstLetter);
  expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
});
