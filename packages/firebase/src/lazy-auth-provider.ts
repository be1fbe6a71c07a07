/**
 * An AuthProvider that loads the real one only when it is needed, so the page's first load carries no
 * sign-in code (Firebase Auth + reCAPTCHA are ~half of the Firebase SDK). See decision 0006.
 *
 * It loads when:
 * - the phone widget appears (prepare()), or a verification starts;
 * - at once on creation when `sessionHint` says this browser had a signed-in visitor last time, so their
 *   session is restored (beside the first paint, not before it);
 * - a sign-out or ID token is asked for while a load is under way or done.
 * Until then the visitor is anonymous: currentUser() is null, getIdToken() is null, signOut() does nothing.
 *
 * Limits: the hint is a plain flag in localStorage, kept in step with the loaded provider's user; if it is
 * missing (cleared storage) a stored Firebase session is restored only once the widget appears. Where the
 * storage is refused (a third-party frame, a full quota) the flag lives in memory for the page's lifetime
 * (storageOrMemory in @chat/core), which is also where Firebase Auth then keeps the session itself.
 */
import { storageOrMemory, type AuthProvider, type AuthUser, type KeyValueStore } from '@chat/core';

/** The key of the "signed in last time" flag. */
export const SESSION_HINT_KEY = 'business-chat.auth-session';

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.phoneNumber === b.phoneNumber && a.displayName === b.displayName;
}

/** The lazily loaded AuthProvider, plus when a remembered session has been restored. */
export interface LazyAuthProvider extends AuthProvider {
  /**
   * Settles once the session the hint announced has been restored (or failed to); at once when there was
   * no hint. Conversation calls wait for it (session-gated-data-provider.ts).
   */
  sessionRestored(): Promise<void>;
}

export function createLazyAuthProvider(
  load: () => Promise<AuthProvider>,
  /** Where the flag is kept: window.localStorage in the page, a Map-backed stand-in in tests. */
  sessionHint?: KeyValueStore,
): LazyAuthProvider {
  const hint = sessionHint ? storageOrMemory(() => sessionHint) : null;
  let loading: Promise<AuthProvider> | null = null;
  let loaded: AuthProvider | null = null;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let last: AuthUser | null = null;

  function remember(user: AuthUser | null) {
    if (user) hint?.setItem(SESSION_HINT_KEY, '1');
    else hint?.removeItem(SESSION_HINT_KEY);
  }

  function ensureLoaded(): Promise<AuthProvider> {
    loading ??= load().then(
      (provider) => {
        loaded = provider;
        // The loaded provider reports its current user at once, then every change.
        provider.onUserChanged((user) => {
          remember(user);
          // Listeners were told "anonymous" while nothing was loaded; pass on only real changes.
          if (sameUser(last, user)) return;
          last = user;
          for (const listener of listeners) listener(user);
        });
        return provider;
      },
      (error: unknown) => {
        // A failed download may succeed on the next attempt (a flaky network); do not cache the failure.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  const hinted = hint?.getItem(SESSION_HINT_KEY) === '1';
  const restoring: Promise<void> = hinted
    ? ensureLoaded().then(
        () => undefined,
        (error: unknown) =>
          console.warn(
            '[auth] restoring the signed-in session failed; the visitor is anonymous for now',
            error,
          ),
      )
    : Promise.resolve();

  return {
    sessionRestored: () => restoring,

    currentUser() {
      return loaded ? loaded.currentUser() : null;
    },

    onUserChanged(listener) {
      listeners.add(listener);
      listener(last);
      return () => {
        listeners.delete(listener);
      };
    },

    async startPhoneVerification(phoneNumber, options) {
      const provider = await ensureLoaded();
      return provider.startPhoneVerification(phoneNumber, options);
    },

    async getIdToken() {
      if (!loading) return null;
      return (await loading).getIdToken();
    },

    async signOut() {
      if (!loading) return;
      await (await loading).signOut();
    },

    prepare() {
      ensureLoaded().catch((error: unknown) =>
        console.warn('[auth] loading sign-in failed; it is tried again when a code is sent', error),
      );
    },
  };
}
