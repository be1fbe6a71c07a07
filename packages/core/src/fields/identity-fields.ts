/** The identity bodies' limits (mock-server ↔ packages/local), in one place (imports nothing). */

export const MAX_BOT_CHECK_TOKEN_LENGTH = 2000;
export const MAX_VERIFICATION_ID_LENGTH = 200;
export const MAX_CODE_LENGTH = 16;
/** An ID token or a refresh token. */
export const MAX_TOKEN_LENGTH = 4000;
