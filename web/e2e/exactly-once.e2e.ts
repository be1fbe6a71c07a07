// Journeys, on both stacks: every message the visitor sends is stored once — a Retry after a save that
// timed out but reached the server, and messages typed while offline, included — in two requests per
// message. The faults are made at the network, the way each stack's page talks to its backend: the save
// is the mock server's POST …/messages locally and a Firestore commit (REST, else the SDK's Write channel) on Firebase
// (support/stack.ts writeIn), held with page.route; offline is the browser's (context.setOffline).
import { CHAT_PATH, WRITE_TIMEOUT_MS } from '@chat/core';
import { expect } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import type { StackDriver } from './support/stack.js';

interface Sent {
  kind: 'write' | 'chat';
  /** What the request carries: the writes (stack.writeIn), or the chat call's body. */
  carries: string;
}

/** The page's requests that change something — its writes and its chat calls — in the order sent. */
function recordRequests(page: Page, stack: StackDriver): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    const writes = stack.writeIn(request);
    if (writes !== null) sent.push({ kind: 'write', carries: writes });
    else if (request.method() === 'POST' && new URL(request.url()).pathname === CHAT_PATH) {
      sent.push({ kind: 'chat', carries: request.postData() ?? '' });
    }
  });
  return sent;
}

test('the page makes two requests per visitor message: one write, one chat call', async ({
  page,
  chat,
  stack,
}) => {
  await chat.openDefaultChat();
  const sent = recordRequests(page, stack);

  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(2);

  expect(sent.map((s) => s.kind)).toEqual(['write', 'chat', 'write', 'chat']);
  expect(sent[0]!.carries).toContain('What are your hours?');
  expect(sent[2]!.carries).toContain('Where are you located?');
});

test('regression: a save that times out and then lands, then Retry double-clicked, leaves one copy, answered', async ({
  page,
  chat,
  stack,
}) => {
  // Before: each attempt was a new message, so the Retry after a save that timed out but reached the
  // server stored the question twice (and the assistant answered twice).
  const question = 'Can I book for Friday?';
  await page.clock.install();
  const conversationId = await chat.openDefaultChat();
  const held: Route[] = [];
  let holding = true;
  await page.route(stack.writeRequests, async (route) => {
    if (!holding || !stack.writeIn(route.request())?.includes(question)) return route.continue();
    held.push(route);
  });

  await chat.send(question);
  await expect.poll(() => held.length, { timeout: WAIT_MS }).toBe(1);
  await page.clock.fastForward(WRITE_TIMEOUT_MS);
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await retry.waitFor({ timeout: WAIT_MS });

  // The server is back: the visitor double-clicks Retry, and the first attempt lands late.
  holding = false;
  const sent = recordRequests(page, stack);
  await retry.dblclick();
  await held[0]!.continue();
  await chat.waitForAssistantReplies(1);
  // One save for the double click (the second press finds it already sending), one question asked.
  expect(sent.map((s) => s.kind)).toEqual(['write', 'chat']);

  expect(await chat.userTexts()).toEqual([question]);
  await page.reload();
  await chat.waitForAssistantReplies(1);
  expect(await chat.userTexts()).toEqual([question]);
  expect(await chat.assistantMessages().count()).toBe(1);
  // The turn has ended on both stacks: each chat service puts the assistant's reply in lastMessage.
  await expect
    .poll(async () => (await stack.conversation(conversationId))?.lastMessage?.sender, { timeout: WAIT_MS })
    .toBe('model');
});

test('three messages typed while offline wait, then arrive once each, in order, and are answered', async ({
  page,
  chat,
}) => {
  await chat.openDefaultChat();
  await page.context().setOffline(true);

  for (const text of ['First question', 'Second question', 'Third question']) await chat.send(text);
  // A sent message shows by the paint after the send's requests have been started (decision 0036), so
  // the last one may be a frame away when the click returns.
  await expect.poll(() => chat.userTexts()).toEqual(['First question', 'Second question', 'Third question']);
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
