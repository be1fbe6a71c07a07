// Journeys: the chat service and the live message stream failing (§8), through the control API's faults.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

test("a failing chat service shows 'Failed to get AI response'; the next message works", async ({
  page,
  chat,
  control,
}) => {
  await chat.openDefaultChat();
  await control.fault({ operation: 'chat', error: 500, count: 1 });

  await chat.send('What are your hours?');
  await chat.waitForUserMessage('What are your hours?');
  const alert = chat.alerts.filter({ hasText: 'Failed to get AI response' });
  await alert.waitFor({ timeout: WAIT_MS });
  await chat.typingIndicator.waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await chat.assistantMessages().count()).toBe(0);
  await saveStateScreenshot(page, 'error');

  // The alert can be dismissed, and the fault was for one call only: the next message is answered.
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await alert.waitFor({ state: 'detached', timeout: WAIT_MS });
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);
  expect(await chat.alerts.count()).toBe(0);
});

test('a visitor past the chat service’s limits (429) is asked politely to wait, and can try again later', async ({
  chat,
  control,
}) => {
  await chat.openDefaultChat();
  await control.fault({ operation: 'chat', error: 429, count: 1 });

  await chat.send('What are your hours?');
  await chat.waitForUserMessage('What are your hours?');
  const alert = chat.alerts.filter({
    hasText: "You've sent a lot of messages. Please wait a while before sending more.",
  });
  await alert.waitFor({ timeout: WAIT_MS });
  expect(await chat.alerts.filter({ hasText: 'Failed to get AI response' }).count()).toBe(0);
  await chat.smartReply('Try again').click();
  await chat.waitForAssistantReplies(1);
});

test("a failing live stream shows 'Failed to listen to chat messages' with 'Refresh Page' and 'Contact Support'", async ({
  page,
  chat,
  control,
}) => {
  const conversationId = await chat.openDefaultChat();
  await control.fault({ operation: 'listen', error: 'unavailable', count: 1 });

  await chat.alerts.filter({ hasText: 'Failed to listen to chat messages' }).waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Refresh Page').waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Contact Support').waitFor({ timeout: WAIT_MS });
  await saveStateScreenshot(page, 'listen-error');

  // 'Contact Support' opens the support form in a new tab (answered here, so no request leaves the machine).
  await page
    .context()
    .route('https://support.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Support</title>' }),
    );
  const [supportTab] = await Promise.all([
    page.context().waitForEvent('page', { timeout: WAIT_MS }),
    chat.smartReply('Contact Support').click(),
  ]);
  await supportTab.waitForLoadState();
  expect(supportTab.url()).toMatch(/^https:\/\/support\.example\.com\//);
  await supportTab.close();

  // 'Refresh Page' reloads; with the stream healthy again the same conversation comes back.
  await control.clearFaults();
  await Promise.all([
    page.waitForEvent('load', { timeout: WAIT_MS }),
    chat.smartReply('Refresh Page').click(),
  ]);
  await chat.waitForEmptyState('Bella Vista Salon');
  expect(chat.conversationId()).toBe(conversationId);
  expect(await chat.alerts.filter({ hasText: 'Failed to listen to chat messages' }).count()).toBe(0);
  await chat.send('Where are you located?');
  await chat.waitForAssistantReplies(1);
});

test("a message that cannot be saved shows 'Failed to send message'", async ({ chat, control }) => {
  await chat.openDefaultChat();
  await control.fault({ operation: 'data.addMessage', error: 500, count: 1 });

  await chat.send('What are your hours?');
  await chat.alerts.filter({ hasText: 'Failed to send message' }).waitFor({ timeout: WAIT_MS });
  expect(await chat.assistantMessages().count()).toBe(0);
  await chat.waitForComposerEnabled();
});

test("a conversation that cannot be created shows 'Failed to create new conversation'", async ({
  page,
  chat,
  control,
}) => {
  await control.fault({ operation: 'data.createConversation', error: 503, count: 1 });
  await page.goto('/');
  await chat.text('Error: Failed to create new conversation').waitFor({ timeout: WAIT_MS });

  // With the service back, New chat failing later is an alert on the page, not a dead end.
  await page.reload();
  const conversationId = await chat.waitForConversation('bella-vista-salon');
  await chat.waitForEmptyState('Bella Vista Salon');
  await control.fault({ operation: 'data.createConversation', error: 500, count: 1 });
  await chat.newChatButton.click();
  await chat.alerts.filter({ hasText: 'Failed to create new conversation' }).waitFor({ timeout: WAIT_MS });
  expect(chat.conversationId()).toBe(conversationId);
});
