import { z } from 'zod';

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export const AuthUserSchema = z.object({
  uid: z.string().min(1).max(128),
  phoneNumber: z.string().max(32).nullable(),
  displayName: z.string().max(200).nullable(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/**
 * The visitor a confirmed code signed in, with whether this was the phone number's first sign-in
 * ever — a signup, which is what the business's NEW_SIGNUP feed item announces (§3).
 */
export type ConfirmedUser = AuthUser & { isNewUser: boolean };
