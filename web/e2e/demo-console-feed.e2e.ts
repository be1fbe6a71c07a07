// Journey (issue 27, local stack: the demo console is the mock server's): the console shows what each
// business's team receives — the signup, a booking request and a hand-off, with the verified phone and
// the visitor's words — each item one click from its conversation.
import { inject, expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { DemoConsole } from './pages/demo-console.js';
import { test } from './support/journey-test.js';
import { TEST_PHONE } from './support/test-phone.js';

test('the demo console shows each business’s feed, each item one click from its conversation', async ({
  chat,
  openContext,
}) => {
  const conversationId = await chat.open('/');
  await chat.askForBookingAndWaitForInterrupt();
  await chat.verifyTestNumberAndWaitForBooking();
  await chat.send('Can I speak to a real person?');
  await chat.waitForAssistantReplyContaining('A person will follow up by text');

  const staff = new DemoConsole(await (await openContext()).newPage());
  await staff.open(inject('serverUrl'));
  const feed = staff.page.getByRole('region', { name: 'Business feeds' });
  const handOff = feed.getByRole('listitem').filter({ hasText: 'Hand-off' });
  await handOff.waitFor({ timeout: WAIT_MS });
  expect(await handOff.innerText()).toContain(TEST_PHONE);
  expect(await handOff.innerText()).toContain('Can I speak to a real person?');
  const booking = feed.getByRole('listitem').filter({ hasText: 'Booking request' });
  expect(await booking.innerText()).toContain('I would like to book an appointment');
  await feed.getByRole('listitem').filter({ hasText: 'Signup' }).waitFor({ timeout: WAIT_MS });
  expect(await feed.getByRole('listitem').count()).toBe(3);

  await handOff.getByRole('button', { name: 'Open conversation' }).click();
  await staff.waitForPicked(conversationId);
  await staff.messages.getByText('Can I speak to a real person?').waitFor({ timeout: WAIT_MS });
});
