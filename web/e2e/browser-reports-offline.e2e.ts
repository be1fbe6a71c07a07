// Journey (issue 28 point 1): a browser that says it is offline while the server answers. On a laptop with
// Wi-Fi off, Chromium reports navigator.onLine === false although the page and its server are both on
// localhost — and Chrome is known to misreport it elsewhere too. The page must not believe it: only a
// request that fails says the connection is gone. Here the getter is overridden before the page's own
// scripts run and the `offline` event is fired, while every request still reaches the server: the visitor
// sends, verifies a phone and gets answers, and 'Reconnecting…' does not stay.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('with navigator.onLine false and the server answering, the visitor sends, verifies and gets answers', async ({
  page,
  chat,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });
  await chat.openDefaultChat();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  // What the browser does when its network goes (or it thinks so): the page may check sooner, no more.
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));

  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userMessages().filter({ hasText: 'Sending…' }).count()).toBe(0);

  await chat.askForBookingAndWaitForInterrupt();
  await chat.verifyTestNumberAndWaitForBooking();

  await chat.send('Can I cancel my booking?');
  await chat.waitForAssistantReplyContaining('Your cancellation request is in.');
  await chat.text('Reconnecting…').waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await chat.visibleText()).not.toContain('Not sent');
});

// The `offline` event while the live connection is still opening: socket.io closed it then and did not
// try again for 20 s, so the visitor's reply stayed unseen ('Ava is typing…') though it was stored.
test('with the offline event fired while the page connects, the reply still shows', async ({
  page,
  chat,
}) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => window.dispatchEvent(new Event('offline')));
  });
  await chat.openDefaultChat();
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.userMessages().filter({ hasText: 'Sending…' }).count()).toBe(0);
});
