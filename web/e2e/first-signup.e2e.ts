// Journeys: first-signup detection (§3 feed item, §4 "On the first signup"). The identity provider says
// whether a sign-in created the account (the mock's known users; Firebase's isNewUser): the business's
// feed gets one NEW_SIGNUP item for a visitor's first signup, and none when the same number signs in
// again from another device, or when the page is reloaded after signing in.
import { expect } from 'vitest';
import { ChatPage, WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { ofType } from './support/stack.js';
import { TEST_PHONE } from './support/test-phone.js';

test('one NEW_SIGNUP item for a first signup; a reload and a second device signing in add none', async ({
  page,
  chat,
  stack,
  openContext,
}) => {
  const first = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await chat.verifyTestNumberAndWaitForBooking();
  // (The booking requests the visitor makes go to the same feed: only signups are counted here.)
  const signups = async () => ofType(await stack.feed('bella-vista-salon'), 'NEW_SIGNUP');
  await expect.poll(signups, { timeout: WAIT_MS }).toHaveLength(1);
  expect((await signups())[0]).toMatchObject({
    type: 'NEW_SIGNUP',
    conversationId: first,
    customerPhone: TEST_PHONE,
    message: stack.testVisitorSignupMessage,
  });
  // The page marks the conversation after the item is posted (two writes on the local stack): wait for it.
  await expect
    .poll(async () => (await stack.conversation(first))?.signupFeedPosted, { timeout: WAIT_MS })
    .toBe(true);

  // Reloaded, the visitor is still signed in: a booking request is answered without a sign-in, and
  // nothing more is posted.
  await page.reload();
  await chat.waitForAssistantReplyContaining('Your booking request is in.');
  await chat.send('Can I cancel my booking?');
  await chat.waitForAssistantReplyContaining('Your cancellation request is in.');
  expect(await chat.authMessages().count()).toBe(0);

  // The same visitor on another device: a new conversation, signed out, so the assistant asks again;
  // this sign-in is not a signup.
  const other = new ChatPage(await (await openContext()).newPage(), 'Ava', stack.phoneCode);
  const second = await other.open('/');
  expect(second).not.toBe(first);
  await other.askForBookingAndWaitForInterrupt();
  await other.verifyTestNumberAndWaitForBooking();
  expect(await signups()).toHaveLength(1);
  expect((await stack.conversation(second))?.signupFeedPosted).toBe(false);
});
