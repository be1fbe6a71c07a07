/** The identity bodies the local provider sends (mirroring ../schema/local-api.ts). */
import { object, string } from '../check/check.js';

export const SendCodeBodyCheck = object({
  phoneNumber: string({ min: 1, max: 32 }),
  botCheckToken: string({ min: 1, max: 2000 }),
});

export const VerifyCodeBodyCheck = object({
  verificationId: string({ min: 1, max: 200 }),
  code: string({ min: 1, max: 16 }),
});
