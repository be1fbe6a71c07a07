import type { Checked } from '../check/check.js';
import type { AuthUserCheck } from '../read/read-answers.js';

export * from '../fields/user-fields.js';

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export type AuthUser = Checked<typeof AuthUserCheck>;

/**
 * The visitor a confirmed code signed in, with whether this was the phone number's first sign-in
 * ever — a signup, which is what the business's NEW_SIGNUP feed item announces (§3).
 */
export type ConfirmedUser = AuthUser & { isNewUser: boolean };
