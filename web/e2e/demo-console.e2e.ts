// Journeys (issue 9): a staffer steers a live conversation from the demo console (/console, served by
// the mock server) while a visitor chats in a second browser context: the console shows the
// visitor's message live, the staffer's typed message reaches the visitor as an assistant reply,
// and the phone verification the staffer raises appears on the visitor's next reply. The console is
// used with the keyboard: focus stays where the staffer put it while the list refreshes, the scenario
// choice shows the picked conversation's, and nothing acts on a conversation before one is picked.
import type { BrowserContext } from 'playwright-core';
import { inject, expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { DemoConsole } from './pages/demo-console.js';
import { seriousViolations } from './support/axe.js';
import { test } from './support/journey-test.js';

test('a staffer injects a message and raises the phone verification from the console', async ({
  chat,
  openContext,
}) => {
  const conversationId = await visitorAsked(chat, 'What are your hours?');

  const staff = await openConsole(openContext);
  await staff.pick(conversationId);
  await staff.messages.getByText('What are your hours?').waitFor({ timeout: WAIT_MS });
  expect(await seriousViolations(staff.page), 'console, a conversation picked').toEqual([]);

  // The visitor's next words appear in the console as they are sent.
  await chat.send('Is anyone there?');
  await staff.messages.getByText('Is anyone there?').waitFor({ timeout: WAIT_MS });

  // A message typed by the staffer (sent with the keyboard) streams to the visitor as the assistant's.
  await staff.messageBox.fill('Hi! This is **Maria** from the salon — how can I help?');
  await staff.messageBox.press('Control+Enter');
  await expect
    .poll(() => chat.lastAssistantText(), { timeout: WAIT_MS })
    .toContain('Hi! This is Maria from the salon — how can I help?');
  await staff.waitForStatus('Message sent to the visitor.');

  // The interrupt raised from the console shows on the visitor's next reply.
  await staff.interruptText.fill('Before we go on, please verify your phone number.');
  await staff.raiseButton.click();
  await staff.detailMeta
    .getByText(/phone verification waiting for the next reply/)
    .waitFor({ timeout: WAIT_MS });
  await chat.send('Can you tell me about your services?');
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().first().innerText()).toContain(
    'Before we go on, please verify your phone number.',
  );
  await chat.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
});

// Regression: the list was rebuilt every 3 s and on every pick, dropping the keyboard focus to the body.
test('keyboard focus stays on a conversation while the list refreshes and after picking it', async ({
  chat,
  openContext,
}) => {
  const conversationId = await visitorAsked(chat, 'What are your hours?');

  const staff = await openConsole(openContext);
  const entry = staff.entry(conversationId);
  await entry.waitFor({ timeout: WAIT_MS });
  await entry.focus();

  // The visitor's next exchange reaches the list on its next refresh; focus must survive it.
  await chat.send('Is anyone there?');
  await chat.waitForAssistantReplies(2);
  await staff.waitForListedCount(conversationId, 4);
  expect(await staff.hasFocus(entry), `focus is on ${await staff.focused()}`).toBe(true);

  // Enter picks it; the focus stays on the entry, now marked as the current one.
  await staff.page.keyboard.press('Enter');
  await staff.waitForPicked(conversationId);
  await staff.messages.getByText('Is anyone there?').waitFor({ timeout: WAIT_MS });
  expect(await staff.hasFocus(entry), `focus is on ${await staff.focused()}`).toBe(true);
  expect(await entry.getAttribute('aria-current')).toBe('true');

  // And through the refreshes that follow.
  await chat.send('Thanks!');
  await chat.waitForAssistantReplies(3);
  await staff.waitForListedCount(conversationId, 6);
  expect(await staff.hasFocus(entry), `focus is on ${await staff.focused()}`).toBe(true);
  expect(await entry.getAttribute('aria-current')).toBe('true');
});

// Regression: the choice kept the previously picked conversation's scenario, so "Attach scenario"
// would have attached the wrong one.
test('the scenario choice shows what the picked conversation plays', async ({
  chat,
  control,
  openContext,
}) => {
  // Listed once they have a message (every page load makes a conversation).
  const first = await visitorAsked(chat, 'What are your hours?');
  const second = await visitorAsked(new ChatPage(await (await openContext()).newPage()), 'Hello?');

  const staff = await openConsole(openContext);
  await staff.pick(first);
  await staff.scenarioChoice.selectOption('plain-questions');
  await staff.attachButton.click();
  await staff.waitForStatus('Scenario "plain-questions" attached.');
  await staff.detailMeta
    .getByText(/the scenario "plain-questions" \(attached to this conversation\)/)
    .waitFor();

  // The other conversation is on the built-in assistant: so is the choice, and attaching keeps it so.
  await staff.pick(second);
  await staff.detailMeta.getByText('Answered by the built-in assistant').waitFor({ timeout: WAIT_MS });
  expect(await staff.scenarioChoice.inputValue()).toBe('');
  expect(await staff.scenarioChoiceLabel()).toBe('Built-in assistant (no scenario)');

  await staff.pick(first);
  expect(await staff.scenarioChoice.inputValue()).toBe('plain-questions');

  // A scenario set on the business (as `demo start` does) shows as the business's, once the console
  // reads the conversation again.
  await staff.pick(second);
  await control.playScenario('bella-vista-salon', 'plain-questions');
  await staff.detailMeta
    .getByText(/the scenario "plain-questions" \(set for its business\)/)
    .waitFor({ timeout: WAIT_MS });
  expect(await staff.scenarioChoice.inputValue()).toBe('');
  expect(await staff.scenarioChoiceLabel()).toBe("Its business's scenario (plain-questions)");

  // A choice the staffer is making (chosen, on the way to "Attach scenario") is not undone by those refreshes.
  await staff.scenarioChoice.selectOption('outside-hours');
  await staff.attachButton.focus();
  await control.playScenario('bella-vista-salon', null);
  await staff.detailMeta.getByText('Answered by the built-in assistant').waitFor({ timeout: WAIT_MS });
  expect(await staff.scenarioChoice.inputValue()).toBe('outside-hours');
});

// Regression: the panel's `hidden` lost to `.panel { display: flex }`, so its controls showed before any
// pick and sent calls for "Conversation null".
test('nothing acts on a conversation before one is picked, and a reset empties the panel, the clock and the faults', async ({
  chat,
  control,
  openContext,
}) => {
  const conversationId = await visitorAsked(chat, 'What are your hours?');

  const staff = await openConsole(openContext);
  await staff.entry(conversationId).waitFor({ timeout: WAIT_MS });
  expect(await staff.visibleConversationControls()).toEqual([]);
  await staff.pickHint.getByText('Pick a conversation on the left').waitFor({ timeout: WAIT_MS });

  await staff.pick(conversationId);
  expect(await staff.visibleConversationControls()).toHaveLength(5);
  expect(await staff.pickHint.isVisible()).toBe(false);

  // Escape cancels the reset: nothing is deleted, the focus is back on the button.
  await staff.resetButton.focus();
  await staff.page.keyboard.press('Enter');
  await staff.resetDialog.waitFor({ timeout: WAIT_MS });
  await staff.page.keyboard.press('Escape');
  await staff.resetDialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
  expect(await staff.hasFocus(staff.resetButton), `focus is on ${await staff.focused()}`).toBe(true);
  expect(await control.conversations()).toHaveLength(1);
  expect(await staff.sendButton.isVisible()).toBe(true);

  // Confirmed, it deletes the conversation, and the panel goes back to asking for one. The next client
  // meeting starts as the first did: the clock moved in this one is real time again, no fault waits.
  await control.moveClock({ offsetMs: 3_600_000 });
  await control.fault({ operation: 'data.getConversation', error: 503, count: 4 });
  await staff.resetButton.click();
  await staff.resetDialog.getByRole('button', { name: 'Yes, reset everything' }).click();
  await staff.waitForStatus('Everything is back to the fixtures.');
  expect(await control.conversations()).toEqual([]);
  expect(await control.clockOffsetMs()).toBe(0);
  expect(await control.pendingFaults()).toBe(0);
  await staff.noConversations.waitFor({ timeout: WAIT_MS });
  await staff.pickHint.getByText('Pick a conversation on the left').waitFor({ timeout: WAIT_MS });
  expect(await staff.visibleConversationControls()).toEqual([]);
});

test('the panel empties when its conversation is gone after a reset made elsewhere', async ({
  chat,
  control,
  openContext,
}) => {
  const conversationId = await visitorAsked(chat, 'What are your hours?');
  const staff = await openConsole(openContext);
  await staff.pick(conversationId);
  await staff.messageBox.focus();

  await control.reset();
  await staff.pickHint.getByText(`Conversation ${conversationId} is gone`).waitFor({ timeout: WAIT_MS });
  expect(await staff.visibleConversationControls()).toEqual([]);
  await staff.waitForStatus(`Conversation ${conversationId} is gone`);
  // The focus was in the panel that closed: it goes to the panel's heading, not to the page.
  expect(
    await staff.hasFocus(staff.page.getByRole('heading', { name: 'Conversation', exact: true })),
    `focus is on ${await staff.focused()}`,
  ).toBe(true);
});

/** A visitor's conversation at `/` with `question` asked and answered; its id. */
async function visitorAsked(chat: ChatPage, question: string): Promise<string> {
  const conversationId = await chat.open('/');
  await chat.send(question);
  await chat.waitForAssistantReplies(1);
  return conversationId;
}

/** The demo console, open in a browser context of its own (the staffer's). */
async function openConsole(openContext: () => Promise<BrowserContext>): Promise<DemoConsole> {
  const staff = new DemoConsole(await (await openContext()).newPage());
  await staff.open(inject('serverUrl'));
  return staff;
}
