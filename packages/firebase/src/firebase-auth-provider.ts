/**
 * AuthProvider over Firebase Auth phone sign-in with an invisible reCAPTCHA.
 *
 * Limits:
 * - Browser only: RecaptchaVerifier needs a DOM, and the SDK's Node build rejects phone sign-in with
 *   'auth/operation-not-supported-in-this-environment' (mapped to 'bot-check-unavailable').
 * - With the Auth emulator, connectAuthEmulator must run before the verifier is created (it is, in
 *   createFirebaseBackend); the SDK then uses its built-in fake reCAPTCHA and nothing leaves the machine.
 * - onUserChanged calls at once with what Firebase knows now. Right after a page load that is null until
 *   Firebase has restored the persisted session (a moment later), so a returning visitor is reported
 *   anonymous first and signed in just after.
 * - One verification at a time: starting a new one clears the previous verifier.
 */
import {
  ProviderError,
  isValidE164,
  type AuthProvider,
  type AuthUser,
  type PendingPhoneVerification,
} from '@chat/core';
import {
  RecaptchaVerifier,
  getAdditionalUserInfo,
  onAuthStateChanged,
  signInWithPhoneNumber,
  signOut,
  type ApplicationVerifier,
  type Auth,
  type ConfirmationResult,
  type User,
} from 'firebase/auth';
import { toAuthProviderError } from './auth-error-code.js';

/** The invisible bot check as this provider uses it: a RecaptchaVerifier, or a stand-in in unit tests. */
export interface BotCheckVerifier extends ApplicationVerifier {
  render(): Promise<number>;
  clear(): void;
}

/** The few SDK calls the provider makes, passed in so the orchestration is unit-tested without a browser. */
export interface FirebaseAuthCalls {
  createVerifier(auth: Auth, anchorId: string, onExpired: () => void): BotCheckVerifier;
  signInWithPhoneNumber(
    auth: Auth,
    phoneNumber: string,
    verifier: ApplicationVerifier,
  ): Promise<ConfirmationResult>;
  onAuthStateChanged(auth: Auth, listener: (user: User | null) => void): () => void;
  signOut(auth: Auth): Promise<void>;
}

export const FIREBASE_AUTH_CALLS: FirebaseAuthCalls = {
  createVerifier: (auth, anchorId, onExpired) =>
    new RecaptchaVerifier(auth, anchorId, { size: 'invisible', 'expired-callback': onExpired }),
  signInWithPhoneNumber,
  onAuthStateChanged: (auth, listener) => onAuthStateChanged(auth, listener),
  signOut,
};

/** The parts of a Firebase User the product uses (§7: uid, phoneNumber, displayName). */
export function toAuthUser(user: Pick<User, 'uid' | 'phoneNumber' | 'displayName'>): AuthUser {
  return { uid: user.uid, phoneNumber: user.phoneNumber ?? null, displayName: user.displayName ?? null };
}

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.phoneNumber === b.phoneNumber && a.displayName === b.displayName;
}

export function createFirebaseAuthProvider(
  auth: Auth,
  calls: FirebaseAuthCalls = FIREBASE_AUTH_CALLS,
): AuthProvider {
  let activeVerifier: BotCheckVerifier | null = null;

  function clearVerifier(verifier: BotCheckVerifier) {
    if (activeVerifier === verifier) activeVerifier = null;
    try {
      verifier.clear();
    } catch {
      // Already cleared or never rendered: nothing left to release.
    }
  }

  async function sendCode(phoneNumber: string, anchorId: string): Promise<ConfirmationResult> {
    if (activeVerifier) clearVerifier(activeVerifier);
    let rejectExpired: (error: ProviderError) => void = () => {};
    const expired = new Promise<never>((_, reject) => {
      rejectExpired = reject;
    });
    expired.catch(() => {}); // observed through the race below; never an unhandled rejection
    let verifier: BotCheckVerifier;
    try {
      verifier = calls.createVerifier(auth, anchorId, () =>
        rejectExpired(
          new ProviderError('bot-check-expired', 'The bot check expired before it was completed'),
        ),
      );
      activeVerifier = verifier;
      await verifier.render();
    } catch (error) {
      if (activeVerifier) clearVerifier(activeVerifier);
      throw toAuthProviderError(error, 'bot-check');
    }
    // Once the check has expired, signInWithPhoneNumber never settles; it is abandoned (its rejection ignored).
    const sending = calls.signInWithPhoneNumber(auth, phoneNumber, verifier);
    sending.catch(() => {});
    try {
      return await Promise.race([sending, expired]);
    } catch (error) {
      throw toAuthProviderError(error, 'send');
    } finally {
      // The verifier is single-use: the code is sent (or failed), so its widget is removed now.
      clearVerifier(verifier);
    }
  }

  return {
    currentUser() {
      return auth.currentUser ? toAuthUser(auth.currentUser) : null;
    },

    onUserChanged(listener) {
      // "Now" is synchronous (the interface's promise); Firebase's own first call is asynchronous and
      // usually repeats the same user, so only real changes are passed on.
      let last = auth.currentUser ? toAuthUser(auth.currentUser) : null;
      listener(last);
      return calls.onAuthStateChanged(auth, (user) => {
        const next = user ? toAuthUser(user) : null;
        if (sameUser(last, next)) return;
        last = next;
        listener(next);
      });
    },

    async startPhoneVerification(phoneNumber, options): Promise<PendingPhoneVerification> {
      if (!isValidE164(phoneNumber)) {
        throw new ProviderError('invalid-phone-number', `Not a +1 number with ten digits: '${phoneNumber}'`);
      }
      const confirmation = await sendCode(phoneNumber, options.botCheckAnchorId);
      return {
        phoneNumber,
        async confirm(code) {
          try {
            const credential = await confirmation.confirm(code);
            // A signup is the number's first sign-in ever, as Firebase Auth itself knows it.
            const isNewUser = getAdditionalUserInfo(credential)?.isNewUser ?? false;
            return { ...toAuthUser(credential.user), isNewUser };
          } catch (error) {
            throw toAuthProviderError(error, 'confirm');
          }
        },
      };
    },

    async getIdToken() {
      const user = auth.currentUser;
      if (!user) return null;
      try {
        return await user.getIdToken();
      } catch (error) {
        throw toAuthProviderError(error, 'other');
      }
    },

    async signOut() {
      try {
        await calls.signOut(auth);
      } catch (error) {
        throw toAuthProviderError(error, 'other');
      }
    },
  };
}
