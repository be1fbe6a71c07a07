// Journeys (issue 27): what the assistant promises reaches the business. A visitor who asks for a
// person is asked to verify their phone first, is told the team will follow up, and the business's
// feed gets one HANDOFF item with the verified number. (The booking request on both stacks:
// phone-verification.e2e.ts; the demo console's feed panel: demo-console-feed.e2e.ts.)
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';
import { ofType } from './support/stack.js';
import { TEST_PHONE } from './support/test-phone.js';

test('a visitor who asks for a person verifies, is told the team will follow up, and the team gets one hand-off', async ({
  chat,
  stack,
}) => {
  const conversationId = await chat.open('/');
  await chat.send("I'd like to talk to a person");
  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().first().innerText()).toContain(
    'To reach the team, please verify your phone number first.',
  );
  expect(ofType(await stack.feed('bella-vista-salon'), 'HANDOFF')).toEqual([]);

  await chat.phoneWidget.requestCode('5555550100');
  await chat.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
  await chat.phoneWidget.enterCode(await stack.phoneCode(TEST_PHONE));
  await chat.waitForAssistantReplyContaining('A person will follow up by text at your verified number');

  const handOffs = async () => ofType(await stack.feed('bella-vista-salon'), 'HANDOFF');
  await expect.poll(handOffs, { timeout: WAIT_MS }).toHaveLength(1);
  expect((await handOffs())[0]).toMatchObject({
    conversationId,
    customerPhone: TEST_PHONE,
    request: "I'd like to talk to a person",
  });
  expect(ofType(await stack.feed('bella-vista-salon'), 'BOOKING_REQUEST')).toEqual([]);
});
