// Journeys: the server loses the visitor's conversation (a restart without a data file: reset to the
// fixtures, sockets cut) and the page keeps the visitor in the flow (§4 resolution step 5).
import { expect } from 'vitest';
import { WAIT_MS, type ChatPage } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { settledConversation } from './support/settled-conversation.js';

async function chatOnce(chat: ChatPage): Promise<string> {
  const conversationId = await chat.openDefaultChat();
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);
  return conversationId;
}

test('regression: after the server restarts without its data, the page moves to a new conversation and keeps the typed text', async ({
  chat,
  control,
}) => {
  // Before: 'Failed to listen to chat messages', then 'Failed to send message' for every message;
  // only New chat or a reload got the visitor out.
  const oldId = await chatOnce(chat);
  await chat.messageBox.fill('Where are you located?');

  await control.reset();
  expect(await control.dropSockets()).toBeGreaterThanOrEqual(1);

  const newId = await chat.waitForConversation('bella-vista-salon', { not: oldId });
  await chat.waitForEmptyState('Bella Vista Salon');
  expect(await chat.messageBox.inputValue()).toBe('Where are you located?');
  expect(await chat.alerts.count()).toBe(0);

  await chat.sendButton.click();
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(1);
  const conversations = await control.conversations();
  expect(conversations.map((c) => c.id)).toEqual([newId]);
  expect((await settledConversation(control, newId)).firstVisitorMessage?.text).toBe(
    'Where are you located?',
  );
});

test('a message sent into a conversation the server no longer has goes to a new one and is answered', async ({
  chat,
  control,
}) => {
  const oldId = await chatOnce(chat);
  // The server forgot the conversation, but the page's live stream has not been told.
  await control.reset();

  await chat.send('Where are you located?');

  const newId = await chat.waitForConversation('bella-vista-salon', { not: oldId });
  await chat.waitForUserMessage('Where are you located?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.visibleText()).not.toContain('Failed to send message');
  expect((await control.conversations()).map((c) => c.id)).toEqual([newId]);
});

test("'Refresh Page' and 'Contact Support' stay while the live stream is broken, whatever the visitor sends", async ({
  chat,
  control,
}) => {
  // Regression: the first message sent cleared the two buttons, though the stream was still broken.
  await chat.openDefaultChat();
  await control.fault({ operation: 'listen', error: 'unavailable', count: 1 });
  await chat.alerts.filter({ hasText: 'Failed to listen to chat messages' }).waitFor({ timeout: WAIT_MS });

  await chat.send('What are your hours?');
  // The message is saved and shown (the page cannot hear the answer while the stream is broken).
  await chat.waitForUserMessage('What are your hours?');
  await expect.poll(() => chat.userBubble('What are your hours?').innerText()).not.toContain('Sending…');

  expect(await chat.smartReply('Refresh Page').isVisible()).toBe(true);
  expect(await chat.smartReply('Contact Support').isVisible()).toBe(true);
});
