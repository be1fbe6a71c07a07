import type { AuthUser, ConfirmedUser } from '../model/user.js';
import type { Unsubscribe } from './unsubscribe.js';

/** A code has been sent; confirming it signs the visitor in. */
export interface PendingPhoneVerification {
  /** The number the code was sent to, in E.164 form (+1XXXXXXXXXX). */
  readonly phoneNumber: string;
  /**
   * Confirms the one-time code and signs the visitor in. `isNewUser` is true when this phone number
   * signed in for the first time (Firebase: getAdditionalUserInfo(result).isNewUser). Rejects with
   * ProviderError code 'invalid-code', 'code-expired' or 'too-many-requests'.
   */
  confirm(code: string): Promise<ConfirmedUser>;
}

export interface StartPhoneVerificationOptions {
  /**
   * The id of a DOM element the invisible bot check may attach to (Firebase's RecaptchaVerifier
   * needs one). Backends without a visual bot check ignore it.
   */
  botCheckAnchorId: string;
}

/** Phone sign-in with a one-time code and an invisible bot check (§1, §7). */
export interface AuthProvider {
  /** The signed-in visitor, or null when anonymous. */
  currentUser(): AuthUser | null;

  /**
   * Calls `listener` with the current user now and after every sign-in or sign-out.
   * Returns the function that stops listening.
   */
  onUserChanged(listener: (user: AuthUser | null) => void): Unsubscribe;

  /**
   * Runs the invisible bot check, then sends a one-time code to `phoneNumber` (E.164, +1…).
   * Rejects with ProviderError code 'invalid-phone-number', 'too-many-requests', 'bot-check-failed',
   * 'bot-check-expired' or 'bot-check-unavailable'.
   */
  startPhoneVerification(
    phoneNumber: string,
    options: StartPhoneVerificationOptions,
  ): Promise<PendingPhoneVerification>;

  /** A fresh ID token for the signed-in visitor (sent as the chat service's bearer token), or null when anonymous. */
  getIdToken(): Promise<string | null>;

  /** Signs the visitor out; the visitor is anonymous afterwards. */
  signOut(): Promise<void>;

  /**
   * Optional: starts loading what sign-in needs (code, the bot check's script) before it is used, so the
   * first 'Send code' does not wait for it. The phone widget calls it when it first appears. Never fails:
   * a load error surfaces later, from startPhoneVerification.
   */
  prepare?(): void;
}
