import { z } from './zod.js';

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export const AuthUserSchema = z.object({
  uid: z.string().check(z.minLength(1), z.maxLength(128)),
  phoneNumber: z.nullable(z.string().check(z.maxLength(32))),
  displayName: z.nullable(z.string().check(z.maxLength(200))),
});
