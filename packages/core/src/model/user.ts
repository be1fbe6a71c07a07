import type * as z from 'zod/mini';
import type { AuthUserSchema } from '../schema/user.js';

export * from '../fields/user-fields.js';

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export type AuthUser = z.infer<typeof AuthUserSchema>;

/**
 * The visitor a confirmed code signed in, with whether this was the phone number's first sign-in
 * ever — a signup, which is what the business's NEW_SIGNUP feed item announces (§3).
 */
export type ConfirmedUser = AuthUser & { isNewUser: boolean };
