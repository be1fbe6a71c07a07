/**
 * AuthProvider over the mock server's identity routes (IDENTITY_ROUTES): an invisible bot check,
 * a one-time code sent to a +1 number, and a signed ID token refreshed before it runs out.
 *
 * Limits: there is no visual bot check, so `botCheckAnchorId` is ignored and the check works in
 * Node too; the session (user, ID token, expiry) lives in the given Storage or in memory and is
 * read once at creation (other tabs' sign-ins are seen after a reload); a token can only be
 * refreshed while it is still valid, so a session left unused past its expiry is signed out; the
 * client's clock decides when to refresh, so a client clock far off the server's refreshes late.
 */
import { requestJson, type FetchLike } from '@chat/chat-client';
import {
  IDENTITY_ROUTES,
  ProviderError,
  SendCodeBodyCheck,
  VerifyCodeBodyCheck,
  readBotCheckToken,
  readSendCodeResult,
  readSignInResult,
  runCheck,
  type AuthProvider,
  type AuthUser,
  type KeyValueStore,
  type PendingPhoneVerification,
  type ReadResult,
  type SignInResult,
} from '@chat/core';
import { createSessionStore } from './session-store.js';

/** A token this close to its expiry is refreshed before it is handed out. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;

export interface LocalAuthProviderOptions {
  /** The mock server's base URL, e.g. "http://localhost:4000". */
  serverUrl: string;
  /** Persists the signed-in session (key 'chat.local.session'); in memory only when absent. */
  storage?: KeyValueStore;
  fetch?: FetchLike;
  /** The client's clock in epoch ms; Date.now when absent. */
  now?: () => number;
}

const WHAT = 'Identity service';

export function createLocalAuthProvider(options: LocalAuthProviderOptions): AuthProvider {
  const base = options.serverUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const store = createSessionStore(options.storage);
  const listeners = new Set<(user: AuthUser | null) => void>();
  let refreshing: Promise<string | null> | null = null;

  function post<T>(path: string, body: unknown, read: (answer: unknown) => ReadResult<T>): Promise<T> {
    return requestJson({ fetch: doFetch, method: 'POST', url: base + path, body, what: WHAT }, read);
  }

  function notify(): void {
    const user = store.get()?.user ?? null;
    let firstError: unknown;
    for (const listener of [...listeners]) {
      try {
        listener(user);
      } catch (error) {
        // One faulty listener must not keep the others from hearing about the change.
        firstError ??= error;
      }
    }
    if (firstError !== undefined) throw firstError;
  }

  function setSession(session: SignInResult | null): void {
    const before = store.get();
    if (session) store.save(session);
    else store.clear();
    if ((before?.user.uid ?? null) !== (session?.user.uid ?? null)) notify();
  }

  /** The session if its token is still accepted; an expired one is signed out. */
  function liveSession(): SignInResult | null {
    const session = store.get();
    if (session && session.expiresAt <= now()) {
      setSession(null);
      return null;
    }
    return session;
  }

  async function refresh(session: SignInResult): Promise<string | null> {
    try {
      const fresh = await post(IDENTITY_ROUTES.refresh, { idToken: session.idToken }, readSignInResult);
      // A sign-out or another sign-in while the refresh was under way wins over its result.
      if (store.get()?.idToken !== session.idToken) return store.get()?.idToken ?? null;
      setSession(fresh);
      return fresh.idToken;
    } catch (error) {
      const stillValid = session.expiresAt > now();
      if (
        stillValid &&
        error instanceof ProviderError &&
        (error.code === 'unavailable' || error.code === 'internal')
      ) {
        // The server could not answer, but the token it issued is still good: use it and try again next time.
        return session.idToken;
      }
      if (store.get()?.idToken === session.idToken) setSession(null);
      return null;
    }
  }

  return {
    currentUser: () => liveSession()?.user ?? null,

    onUserChanged(listener) {
      // Read first: signing out an expired session notifies, and the new listener must hear it once.
      const user = liveSession()?.user ?? null;
      listeners.add(listener);
      listener(user);
      return () => {
        listeners.delete(listener);
      };
    },

    async startPhoneVerification(phoneNumber) {
      let botCheckToken: string;
      try {
        ({ token: botCheckToken } = await post(IDENTITY_ROUTES.botCheck, {}, readBotCheckToken));
      } catch (error) {
        throw asBotCheckError(error);
      }
      const body = runCheck(SendCodeBodyCheck, { phoneNumber, botCheckToken });
      if (!body.ok) {
        throw new ProviderError('invalid-phone-number', `Not a phone number: ${JSON.stringify(phoneNumber)}`);
      }
      const { verificationId } = await post(IDENTITY_ROUTES.sendCode, body.value, readSendCodeResult);
      const pending: PendingPhoneVerification = {
        phoneNumber,
        async confirm(code) {
          const verify = runCheck(VerifyCodeBodyCheck, { verificationId, code });
          if (!verify.ok) {
            throw new ProviderError('invalid-code', 'The code must be 1 to 16 characters.');
          }
          const result = await post(IDENTITY_ROUTES.verifyCode, verify.value, readSignInResult);
          setSession(result);
          return { ...result.user, isNewUser: result.isNewUser ?? false };
        },
      };
      return pending;
    },

    async getIdToken() {
      const session = liveSession();
      if (!session) return null;
      if (session.expiresAt - now() > TOKEN_REFRESH_MARGIN_MS) return session.idToken;
      // Concurrent callers share one refresh instead of each spending the old token.
      refreshing ??= refresh(session).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    async signOut() {
      setSession(null);
    },
  };
}

/** The bot check is the first call of a sign-in: an unreachable or failing server means it could not start. */
function asBotCheckError(error: unknown): unknown {
  if (error instanceof ProviderError && (error.code === 'unavailable' || error.code === 'internal')) {
    return new ProviderError('bot-check-unavailable', error.message, error.status);
  }
  return error;
}
