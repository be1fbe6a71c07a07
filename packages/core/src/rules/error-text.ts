import { errorCodeOf } from '../errors.js';
import { ERROR_TEXT } from '../text/ui-text.js';

/** §8: the text shown when sending the code fails, chosen by the error's code. */
export function sendCodeErrorText(error: unknown): string {
  switch (errorCodeOf(error)) {
    case 'invalid-phone-number':
      return ERROR_TEXT.sendCodePrefix + 'Please check your phone number.';
    case 'too-many-requests':
      return ERROR_TEXT.sendCodePrefix + 'Too many attempts. Please try again later.';
    case 'bot-check-failed':
      return ERROR_TEXT.sendCodePrefix + 'Security verification failed. Please refresh and try again.';
    case 'bot-check-expired':
      return ERROR_TEXT.botCheckExpired;
    case 'bot-check-unavailable':
      return ERROR_TEXT.botCheckInitFailed;
    default:
      return ERROR_TEXT.sendCodePrefix + 'Please try again.';
  }
}

/** §8: the text shown when verifying the code fails, chosen by the error's code. */
export function verifyCodeErrorText(error: unknown): string {
  switch (errorCodeOf(error)) {
    case 'invalid-code':
      return ERROR_TEXT.verifyPrefix + 'Please check the code and try again.';
    case 'code-expired':
      return ERROR_TEXT.verifyPrefix + 'The code has expired. Please request a new one.';
    default:
      return ERROR_TEXT.verifyPrefix + 'Please try again.';
  }
}
