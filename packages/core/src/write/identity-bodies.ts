/** The identity bodies the local provider sends: their one spelling, the mock server's schemas built from it. */
import { object, string } from '../check/check.js';
import {
  MAX_BOT_CHECK_TOKEN_LENGTH,
  MAX_CODE_LENGTH,
  MAX_VERIFICATION_ID_LENGTH,
} from '../fields/identity-fields.js';
import { MAX_PHONE_NUMBER_LENGTH } from '../fields/user-fields.js';

export const SendCodeBodyCheck = object({
  phoneNumber: string({ min: 1, max: MAX_PHONE_NUMBER_LENGTH }),
  botCheckToken: string({ min: 1, max: MAX_BOT_CHECK_TOKEN_LENGTH }),
});

export const VerifyCodeBodyCheck = object({
  verificationId: string({ min: 1, max: MAX_VERIFICATION_ID_LENGTH }),
  code: string({ min: 1, max: MAX_CODE_LENGTH }),
});
