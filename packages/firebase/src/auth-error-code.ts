/**
 * Firebase Auth failures → the closed set of core error codes, in one pure function so the table is
 * unit-tested without a browser. Firebase Auth codes carry an 'auth/' prefix.
 *
 * The same SDK code can mean different things depending on when it is thrown: 'auth/argument-error'
 * or 'auth/internal-error' while the invisible reCAPTCHA is created and rendered means the bot check
 * could not start (missing anchor element, script blocked, site key unavailable), not a bug in the
 * visitor's input. The caller therefore says which step failed.
 */
import { ProviderError, type ErrorCode } from '@chat/core';
import { firebaseCodeOf } from './firestore-error-code.js';

/** The step of phone sign-in in which a failure happened. */
export type AuthStep =
  /** Creating and rendering the invisible RecaptchaVerifier. */
  | 'bot-check'
  /** signInWithPhoneNumber: the bot-check token is verified and the code sent. */
  | 'send'
  /** ConfirmationResult.confirm(code). */
  | 'confirm'
  /** Anything else (getIdToken, signOut). */
  | 'other';

const AUTH_CODES: Readonly<Record<string, ErrorCode>> = {
  'auth/invalid-phone-number': 'invalid-phone-number',
  'auth/missing-phone-number': 'invalid-phone-number',
  'auth/too-many-requests': 'too-many-requests',
  'auth/quota-exceeded': 'too-many-requests',
  'auth/captcha-check-failed': 'bot-check-failed',
  'auth/invalid-app-credential': 'bot-check-failed',
  'auth/missing-app-credential': 'bot-check-failed',
  // reCAPTCHA Enterprise flavour of the same failure (SDK v10+ tries it first when the project enables it).
  'auth/invalid-recaptcha-token': 'bot-check-failed',
  'auth/missing-recaptcha-token': 'bot-check-failed',
  'auth/recaptcha-not-enabled': 'bot-check-unavailable',
  'auth/invalid-verification-code': 'invalid-code',
  'auth/missing-verification-code': 'invalid-code',
  'auth/code-expired': 'code-expired',
  // The backend reports an SMS session that timed out with this code rather than code-expired.
  'auth/session-expired': 'code-expired',
  'auth/network-request-failed': 'unavailable',
  'auth/timeout': 'unavailable',
};

/** While the verifier is created or rendered, these mean "the bot check cannot run here". */
const BOT_CHECK_START_FAILURES = new Set([
  'auth/argument-error',
  'auth/internal-error',
  'auth/network-request-failed',
  'auth/operation-not-supported-in-this-environment',
  'auth/recaptcha-not-enabled',
]);

/** The core code for a Firebase Auth failure in `step`; anything unlisted is 'internal'. */
export function authErrorCode(error: unknown, step: AuthStep): ErrorCode {
  const code = firebaseCodeOf(error);
  if (code === undefined) return step === 'bot-check' ? 'bot-check-unavailable' : 'internal';
  if (step === 'bot-check' && BOT_CHECK_START_FAILURES.has(code)) return 'bot-check-unavailable';
  return AUTH_CODES[code] ?? 'internal';
}

/** Wraps a Firebase Auth failure in a ProviderError that keeps the SDK's message. */
export function toAuthProviderError(error: unknown, step: AuthStep): ProviderError {
  if (error instanceof ProviderError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderError(authErrorCode(error, step), `Phone sign-in (${step}) failed: ${detail}`);
}
