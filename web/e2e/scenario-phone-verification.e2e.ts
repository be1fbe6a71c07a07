// Journey (issue 9): a demo scenario played through the real page — the shipped
// phone-verification-booking scenario asks for verification with its own message, the visitor
// verifies with the test number, and the scripted reply streams in.
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test('the phone-verification scenario plays through the page: its message, the verification, its reply', async ({
  chat,
  control,
}) => {
  await control.playScenario('bella-vista-salon', 'phone-verification-booking');
  await chat.open('/chat/@bellavista');
  await chat.send('I need to change my booking');

  await chat.authMessages().first().waitFor({ timeout: WAIT_MS });
  expect(await chat.authMessages().first().innerText()).toContain(
    'To change your booking, please verify your phone number first.',
  );
  const widget = chat.phoneWidget;
  await widget.requestCode('5555550100');
  await widget.codeField.waitFor({ timeout: WAIT_MS });
  await widget.enterCode('123456');
  await chat.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });

  await chat.waitForAssistantReplyContaining('Your change request is in.');
  await chat.smartReply('Cancel my booking').waitFor({ timeout: WAIT_MS });

  // Text the script does not expect gets the scenario's fallback, not the built-in assistant.
  await chat.send('Do you sell gift cards?');
  await chat.waitForAssistantReplyContaining(
    "I can help you change or cancel a booking. Just tell me what you'd like to do.",
  );
});
