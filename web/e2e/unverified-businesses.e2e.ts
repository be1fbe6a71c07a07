// Journeys: businesses that are not approved (§4 banner, §6 permissions) — pending and denied.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';
import { currentStack } from './support/stack.js';

// On the Firebase stack the page does not get this far: firestore.rules refuse a conversation for a business
// that is not approved, and the page, which creates one for every business (as the mock server allows), shows
// 'Failed to create new conversation' instead of the banner. Skipped there until the page and the two backends
// agree on what opening such a business does (reported with issue 17).
const blockedOnFirebase = test.skipIf(currentStack() === 'firebase');

blockedOnFirebase(
  'a pending business shows "Not Yet Verified" and cannot be chatted with',
  async ({ page, chat }) => {
    await chat.open('/chat/sunrise-bakery', 'sunrise-bakery');
    await chat.banner.waitFor({ timeout: WAIT_MS });
    expect(await chat.banner.innerText()).toContain('Not Yet Verified');
    expect(await chat.banner.innerText()).toContain(
      "Sunrise Bakery hasn't been verified on our platform yet",
    );

    await chat.waitForComposerDisabled();
    expect(await chat.messageBox.getAttribute('placeholder')).toBe('Chat disabled - verification pending');
    expect(await chat.sendButton.isDisabled()).toBe(true);
    await chat.waitForEmptyState('Sunrise Bakery');
    await expect.poll(() => chat.suggestedQuestions().count(), { timeout: WAIT_MS }).toBe(3);
    for (const question of await chat.suggestedQuestions().all())
      expect(await question.isDisabled()).toBe(true);
    await saveStateScreenshot(page, 'disabled-pending');

    // The banner can be dismissed; chatting stays disabled.
    await chat.banner.getByRole('button', { name: 'Dismiss' }).click();
    await chat.banner.waitFor({ state: 'detached', timeout: WAIT_MS });
    expect(await chat.messageBox.isDisabled()).toBe(true);
  },
);

blockedOnFirebase(
  'a denied business says its verification was denied and cannot be chatted with',
  async ({ page, chat }) => {
    await chat.open('/chat/@quickfixgarage', 'quickfix-garage');
    await chat.banner.waitFor({ timeout: WAIT_MS });
    expect(await chat.banner.innerText()).toContain('QuickFix Garage verification was denied');
    expect(await chat.banner.innerText()).not.toContain('Not Yet Verified');

    await chat.waitForComposerDisabled();
    expect(await chat.messageBox.getAttribute('placeholder')).toBe('Chat disabled - verification pending');
    for (const question of await chat.suggestedQuestions().all())
      expect(await question.isDisabled()).toBe(true);
    await saveStateScreenshot(page, 'disabled-denied');
  },
);

test('an approved business has no banner', async ({ chat }) => {
  await chat.openDefaultChat();
  expect(await chat.banner.count()).toBe(0);
});
