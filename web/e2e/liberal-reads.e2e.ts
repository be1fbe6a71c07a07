// Journey: data another tool wrote slightly differently never takes the page down (issue 8 point 2).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('a business with an unknown status, malformed hours, no handle and extra fields still loads', async ({
  chat,
  control,
}) => {
  await control.putBusiness('corner-cafe', {
    businessName: 'Corner Cafe',
    verification: { status: 'under_review' },
    suggestedQuestions: [{ line1: '' }, { line1: 'Are you open today?', line2: 'Hours' }],
    hours: {
      timeZone: 'America/New_York',
      weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '9:00', end: '24:00' }] } },
    },
    locations: [{ isPrimary: true, address: '1 Main St', hours: { timeZone: 'Mars/Olympus' } }],
    loyaltyProgram: { tier: 'gold' },
  });

  // Not approved, so no conversation is made for it (decision 0024): the page stays on the business.
  await chat.openClosed('/chat/corner-cafe', 'corner-cafe');
  await chat.waitForEmptyState('Corner Cafe');
  // Any status other than approved or denied: 'Not Yet Verified', and chatting is off (§4, §6).
  await chat.banner.getByText('Not Yet Verified').waitFor({ timeout: WAIT_MS });
  expect(await chat.banner.innerText()).toContain("Corner Cafe hasn't been verified on our platform yet");
  await chat.waitForComposerDisabled();
  expect(await chat.suggestedQuestions().allInnerTexts()).toEqual([
    expect.stringContaining('Are you open today?'),
  ]);
  expect(await chat.visibleText()).not.toContain('Error');
});
