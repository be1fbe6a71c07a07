// Journeys: every message the visitor sends is stored once — a Retry after a save that timed out but
// reached the server, and messages typed while offline, included — in two requests per message.
import { WRITE_TIMEOUT_MS } from '@chat/core';
import { expect } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { settledConversation } from './support/settled-conversation.js';

const MESSAGE_SAVES = '**/data/conversations/*/messages';

/** The requests the page sends to the server that are not reads (writes and chat calls), as "METHOD path". */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' || request.method() === 'OPTIONS') return;
    const url = new URL(request.url());
    if (url.pathname.startsWith('/data/') || url.pathname.startsWith('/api/')) {
      writes.push(`${request.method()} ${url.pathname.replace(/conversations\/[^/]+/, 'conversations/:id')}`);
    }
  });
  return writes;
}

test('the page makes two requests per visitor message: one write, one chat call', async ({ page, chat }) => {
  await chat.openDefaultChat();
  const writes = recordWrites(page);

  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(2);

  expect(writes).toEqual([
    'POST /data/conversations/:id/messages',
    'POST /api/chat',
    'POST /data/conversations/:id/messages',
    'POST /api/chat',
  ]);
});

test('regression: a save that times out and then lands, then Retry double-clicked, leaves one copy, answered', async ({
  page,
  chat,
  control,
}) => {
  // Before: each attempt was a new message, so the Retry after a save that timed out but reached the
  // server stored the question twice (and the assistant answered twice).
  await page.clock.install();
  const conversationId = await chat.openDefaultChat();
  const held: Route[] = [];
  let holding = true;
  await page.route(MESSAGE_SAVES, async (route) => {
    if (route.request().method() !== 'POST' || !holding) return route.continue();
    held.push(route);
  });

  await chat.send('Can I book for Friday?');
  await expect.poll(() => held.length, { timeout: WAIT_MS }).toBe(1);
  await page.clock.fastForward(WRITE_TIMEOUT_MS);
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await retry.waitFor({ timeout: WAIT_MS });

  // The server is back: the visitor double-clicks Retry, and the first attempt lands late.
  holding = false;
  const writes = recordWrites(page);
  await retry.dblclick();
  await held[0]!.continue();
  await chat.waitForAssistantReplies(1);
  // One save for the double click (the second press finds it already sending), one question asked.
  expect(writes).toEqual(['POST /data/conversations/:id/messages', 'POST /api/chat']);

  expect(await chat.userTexts()).toEqual(['Can I book for Friday?']);
  await page.reload();
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual(['Can I book for Friday?']);
  expect(await chat.assistantMessages().count()).toBe(1);
  const [stored] = await control.conversations();
  expect(stored?.id).toBe(conversationId);
  expect((await settledConversation(control, conversationId)).firstVisitorMessage?.text).toBe(
    'Can I book for Friday?',
  );
});

test('three messages typed while offline wait, then arrive once each, in order, and are answered', async ({
  page,
  chat,
}) => {
  await chat.openDefaultChat();
  await page.context().setOffline(true);

  for (const text of ['First question', 'Second question', 'Third question']) await chat.send(text);
  expect(await chat.userTexts()).toEqual(['First question', 'Second question', 'Third question']);
  await expect.poll(() => chat.userMessages().filter({ hasText: 'Sending…' }).count()).toBe(3);
  expect(await chat.visibleText()).not.toContain('Not sent');

  await page.context().setOffline(false);
  await chat.waitForAssistantReplies(3);
  expect(await chat.visibleText()).not.toContain('Sending…');
  await page.reload();
  await chat.waitForAssistantReplies(3);
  expect(await chat.userTexts()).toEqual(['First question', 'Second question', 'Third question']);
  expect(await chat.assistantMessages().count()).toBe(3);
});
