// Journey (issue 9): a staffer steers a live conversation from the demo console (/console, served by
// the mock server) while a visitor chats in a second browser context: the console shows the
// visitor's message live, the staffer's typed message reaches the visitor as an assistant reply,
// and the phone verification the staffer raises appears on the visitor's next reply.
import { inject, expect } from 'vitest';
import { DATA_ROUTES } from '@chat/core';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('a staffer injects a message and raises the phone verification from the console', async ({
  chat,
  openContext,
}) => {
  const conversationId = await chat.open('/');
  await chat.send('What are your hours?');
  await chat.waitForAssistantReplies(1);

  // Another business's conversation with exactly one message, so the list shows both nouns.
  const other = await postJson(DATA_ROUTES.conversations, {
    businessId: 'sunrise-bakery',
    userId: null,
    userType: 'anonymous',
    isOutsideBusinessHours: false,
  });
  await postJson(DATA_ROUTES.messages(other.id), { role: 'user', text: 'Are you open?' });

  const staff = await (await openContext()).newPage();
  await staff.goto(`${inject('serverUrl')}/console`);
  const entry = staff.getByRole('button', { name: /bella-vista-salon/ });
  await entry.first().waitFor({ timeout: WAIT_MS });
  expect(await entry.first().innerText()).toContain('bella-vista-salon · 2 messages');
  await staff.getByRole('button', { name: /sunrise-bakery · 1 message\b/ }).waitFor({ timeout: WAIT_MS });
  await entry.first().focus();
  await staff.keyboard.press('Enter');
  const messages = staff.getByRole('list', { name: 'Messages' });
  await messages.getByText('What are your hours?').waitFor({ timeout: WAIT_MS });
  await staff.getByText(conversationId, { exact: false }).first().waitFor({ timeout: WAIT_MS });

  // The visitor's next words appear in the console as they are sent.
  await chat.send('Is anyone there?');
  await messages.getByText('Is anyone there?').waitFor({ timeout: WAIT_MS });

  // A message typed by the staffer (sent with the keyboard) streams to the visitor as the assistant's.
  const box = staff.getByRole('textbox', { name: 'Message as the assistant' });
  await box.fill('Hi! This is **Maria** from the salon — how can I help?');
  await box.press('Control+Enter');
  await expect
    .poll(() => chat.lastAssistantText(), { timeout: WAIT_MS })
    .toContain('Hi! This is Maria from the salon — how can I help?');
  await staff.getByRole('status').getByText('Message sent to the visitor.').waitFor({ timeout: WAIT_MS });

  // The interrupt raised from the console shows on the visitor's next reply.
  const interrupt = staff.getByRole('textbox', { name: 'Phone verification on the next reply' });
  await interrupt.fill('Before we go on, please verify your phone number.');
  await staff.getByRole('button', { name: 'Raise on the next reply' }).click();
  await staff.getByText(/phone verification waiting for the next reply/).waitFor({ timeout: WAIT_MS });
  await chat.send('Can you tell me about your services?');
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().first().innerText()).toContain(
    'Before we go on, please verify your phone number.',
  );
  await chat.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
});

/** A data API write to the mock server, as another visitor's page would make it. */
async function postJson(route: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${inject('serverUrl')}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}
