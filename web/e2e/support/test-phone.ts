/** The mock identity provider's test number (its code is always 123456), and journeys' shared steps with it. */
import { WAIT_MS, type ChatPage } from '../pages/chat-page.js';
import type { PhoneWidget } from '../pages/phone-widget.js';
import type { ControlClient } from './control.js';

export const TEST_DIGITS = '5555550100';
/** The same number as the page sends it (E.164). */
export const TEST_PHONE = '+15555550100';
export const TEST_CODE = '123456';
export const EXPIRED_CODE_ERROR =
  'Invalid verification code. The code has expired. Please request a new one.';

/**
 * The phone widget at §8's expired-code error: the test number's code requested, the server's clock
 * moved past the code's 5-minute life, then the right code entered too late.
 */
export async function atExpiredCode(chat: ChatPage, control: ControlClient): Promise<PhoneWidget> {
  const widget = await chat.openAtPhoneSignIn();
  await widget.requestCode(TEST_DIGITS);
  await widget.codeField.waitFor({ timeout: WAIT_MS });
  await control.moveClock({ offsetMs: 6 * 60 * 1000 });
  await widget.enterCode(TEST_CODE);
  await widget.error(EXPIRED_CODE_ERROR).waitFor({ timeout: WAIT_MS });
  return widget;
}
