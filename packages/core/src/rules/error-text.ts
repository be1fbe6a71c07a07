import { errorCodeOf } from '../errors.js';
import { ERROR_TEXT } from '../text/en.js';
import type { Catalogue } from '../text/catalogue.js';

type ErrorTexts = Catalogue['errors'];

/** §8: the text shown when sending the code fails, chosen by the error's code, in `texts`' language. */
export function sendCodeErrorText(error: unknown, texts: ErrorTexts = ERROR_TEXT): string {
  switch (errorCodeOf(error)) {
    case 'invalid-phone-number':
      return texts.sendCodePrefix + texts.sendCodeInvalidPhone;
    case 'too-many-requests':
      return texts.sendCodePrefix + texts.sendCodeTooManyRequests;
    case 'bot-check-failed':
      return texts.sendCodePrefix + texts.sendCodeBotCheckFailed;
    case 'bot-check-expired':
      return texts.botCheckExpired;
    case 'bot-check-unavailable':
      return texts.botCheckInitFailed;
    default:
      return texts.sendCodePrefix + texts.pleaseTryAgain;
  }
}

/** §8: the text shown when verifying the code fails, chosen by the error's code, in `texts`' language. */
export function verifyCodeErrorText(error: unknown, texts: ErrorTexts = ERROR_TEXT): string {
  switch (errorCodeOf(error)) {
    case 'invalid-code':
      return texts.verifyPrefix + texts.verifyInvalidCode;
    case 'code-expired':
      return texts.verifyPrefix + texts.verifyCodeExpired;
    default:
      return texts.verifyPrefix + texts.pleaseTryAgain;
  }
}
