// Journey: the connection is visible (issue 8 point 8). The live stream is cut while the visitor
// types; the page says 'Reconnecting…', keeps the text, and resynchronises without gaps or duplicates.
// On the Firebase stack only Firestore's connection is cut (the browser stays online), so what shows
// 'Reconnecting…' there is the Firestore stream's own state.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test(
  'a cut stream shows Reconnecting…, keeps the typed text, and catches up without gaps or duplicates',
  {
    // The Firebase SDK takes its time to notice (stack.connectionLossNoticeMs).
    timeout: 120_000,
  },
  async ({ page, chat, stack }) => {
    const conversationId = await chat.openDefaultChat();
    await chat.send('What are your hours?');
    await chat.waitForAssistantReplies(1);
    await chat.startRecording(['Reconnecting…']);

    // The live connection is cut the way the stack allows ('Reconnecting…' below proves it was).
    const restore = await stack.cutConnection(page);
    await chat.text('Reconnecting…').waitFor({ timeout: stack.connectionLossNoticeMs });
    await chat.messageBox.fill('Where are you located?');

    // Meanwhile the conversation moves on elsewhere.
    await stack.askFromElsewhere(conversationId, 'bella-vista-salon', 'Do you take walk-ins?');

    await restore();
    await chat.text('Reconnecting…').waitFor({ state: 'detached', timeout: WAIT_MS });
    await chat.waitForUserMessage('Do you take walk-ins?');
    await chat.waitForAssistantReplies(2);
    expect(await chat.messageBox.inputValue()).toBe('Where are you located?');

    // Every stored message once, in order: nothing missed, nothing twice.
    const stored = await stack.conversation(conversationId);
    const onPage = async () => (await chat.userMessages().count()) + (await chat.assistantMessages().count());
    await expect.poll(onPage, { timeout: WAIT_MS }).toBe(stored?.messageCount);
    expect(stored?.messageCount).toBe(4);

    // What was typed while away is sent and answered.
    await chat.sendButton.click();
    await chat.waitForUserMessage('Where are you located?');
    await chat.waitForAssistantReplies(3);
    await expect.poll(onPage, { timeout: WAIT_MS }).toBe(6);
    expect((await chat.recorded()).seen).toContain('Reconnecting…');
  },
);
