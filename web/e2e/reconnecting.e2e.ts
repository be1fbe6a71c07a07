// Journey: the connection is visible (issue 8 point 8). The live stream is cut while the visitor
// types; the page says 'Reconnecting…', keeps the text, and resynchronises without gaps or duplicates.
import { CHAT_PATH, DATA_ROUTES } from '@chat/core';
import { expect, inject } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

/** The visitor, from another device, asks something in the same conversation (data API + chat service). */
async function askFromElsewhere(conversationId: string, text: string): Promise<void> {
  const server = inject('serverUrl');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(server + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  await post(DATA_ROUTES.messages(conversationId), { role: 'user', text });
  await post(CHAT_PATH, {
    message: text,
    conversationId,
    businessId: 'bella-vista-salon',
    profileId: 'bella-vista-salon',
    userTimezone: 'UTC',
  });
}

test('a cut stream shows Reconnecting…, keeps the typed text, and catches up without gaps or duplicates', async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await chat.openDefaultChat();
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  await chat.startRecording(['Reconnecting…']);

  // The socket is cut, and the browser goes offline so it cannot come back at once. The server is shared by
  // the journeys, so a socket of an earlier journey's page that is still closing may be cut too: at least
  // this page's one ('Reconnecting…' below proves it was).
  expect(await control.dropSockets()).toBeGreaterThanOrEqual(1);
  await page.context().setOffline(true);
  await chat.text('Reconnecting…').waitFor({ timeout: WAIT_MS });
  await chat.messageBox.fill('Where are you located?');

  // Meanwhile the conversation moves on elsewhere.
  await askFromElsewhere(conversationId, 'Do you take walk-ins?');

  await page.context().setOffline(false);
  await chat.text('Reconnecting…').waitFor({ state: 'detached', timeout: WAIT_MS });
  await chat.waitForUserMessage('Do you take walk-ins?');
  await chat.waitForAssistantReplies(2);
  expect(await chat.messageBox.inputValue()).toBe('Where are you located?');

  // Every stored message once, in order: nothing missed, nothing twice.
  const stored = (await control.conversations()).find((c) => c.id === conversationId);
  const onPage = async () => (await chat.userMessages().count()) + (await chat.assistantMessages().count());
  await expect.poll(onPage, { timeout: WAIT_MS }).toBe(stored?.messageCount);
  expect(stored?.messageCount).toBe(4);

  // What was typed while away is sent and answered.
  await chat.sendButton.click();
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(3);
  await expect.poll(onPage, { timeout: WAIT_MS }).toBe(6);
  expect((await chat.recorded()).seen).toContain('Reconnecting…');
});
