import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH, MAX_UID_LENGTH } from '../fields/user-fields.js';
import { z } from './zod.js';

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export const AuthUserSchema = z.object({
  uid: z.string().check(z.minLength(1), z.maxLength(MAX_UID_LENGTH)),
  phoneNumber: z.nullable(z.string().check(z.maxLength(MAX_PHONE_NUMBER_LENGTH))),
  displayName: z.nullable(z.string().check(z.maxLength(MAX_DISPLAY_NAME_LENGTH))),
});
