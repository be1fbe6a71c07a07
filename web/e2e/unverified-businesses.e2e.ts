// Journeys: businesses that are not approved (§4 banner, §6 permissions) — pending and denied.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

// Both stacks: no conversation is made for a business that is not approved (the Firebase stack's rules
// refuse one), so the page stays on the business's address, naming none (docs/decisions/0024).
test('a pending business shows "Not Yet Verified" and cannot be chatted with', async ({ page, chat }) => {
  await chat.openClosed('/chat/sunrise-bakery', 'sunrise-bakery');
  await chat.banner.waitFor({ timeout: WAIT_MS });
  expect(await chat.banner.innerText()).toContain('Not Yet Verified');
  expect(await chat.banner.innerText()).toContain("Sunrise Bakery hasn't been verified on our platform yet");

  await chat.waitForComposerDisabled();
  expect(await chat.messageBox.getAttribute('placeholder')).toBe('Chat disabled - verification pending');
  expect(await chat.sendButton.isDisabled()).toBe(true);
  await chat.waitForEmptyState('Sunrise Bakery');
  await expect.poll(() => chat.suggestedQuestions().count(), { timeout: WAIT_MS }).toBe(3);
  for (const question of await chat.suggestedQuestions().all())
    expect(await question.isDisabled()).toBe(true);
  await saveStateScreenshot(page, 'disabled-pending');
  expect(chat.pathname()).toBe('/chat/sunrise-bakery');

  // The banner can be dismissed; chatting stays disabled.
  await chat.banner.getByRole('button', { name: 'Dismiss' }).click();
  await chat.banner.waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await chat.messageBox.isDisabled()).toBe(true);
});

test('a denied business says its verification was denied and cannot be chatted with', async ({
  page,
  chat,
}) => {
  await chat.openClosed('/chat/@quickfixgarage', 'quickfix-garage');
  await chat.banner.waitFor({ timeout: WAIT_MS });
  expect(await chat.banner.innerText()).toContain('QuickFix Garage verification was denied');
  expect(await chat.banner.innerText()).not.toContain('Not Yet Verified');

  await chat.waitForComposerDisabled();
  expect(await chat.messageBox.getAttribute('placeholder')).toBe('Chat disabled - verification pending');
  for (const question of await chat.suggestedQuestions().all())
    expect(await question.isDisabled()).toBe(true);
  await saveStateScreenshot(page, 'disabled-denied');
  expect(chat.pathname()).toBe('/chat/quickfix-garage');
});

test('an approved business has no banner', async ({ chat }) => {
  await chat.openDefaultChat();
  expect(await chat.banner.count()).toBe(0);
});
