/**
 * AuthProvider over the mock server's identity routes (IDENTITY_ROUTES): an invisible bot check,
 * a one-time code sent to a +1 number, and a signed ID token refreshed before it runs out.
 *
 * Like Firebase's SDK, a session outlives its ID token: sign-in also gives a refresh token (valid a
 * month), which gets a new ID token whenever the old one is near or past its expiry, and also when
 * the server refuses a token the client's clock still thought valid (the mock server's clock moved):
 * see renewIdToken, which the local backend calls on such a refusal (local-backend.ts).
 *
 * Limits: there is no visual bot check, so `botCheckAnchorId` is ignored and the check works in
 * Node too; the session (user, ID token, refresh token) lives in the given Storage or in memory and
 * is read once at creation (other tabs' sign-ins are seen after a reload); a session from before
 * refresh tokens (none stored) is signed out once its ID token expires.
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

/** The local AuthProvider, plus what the local backend needs when the server refuses a token. */
export interface LocalAuthProvider extends AuthProvider {
  /**
   * A new ID token in place of `rejected`, which the server refused as expired or invalid (its clock
   * may be ahead of this one); null when signed out meanwhile or when the session cannot be renewed.
   */
  renewIdToken(rejected: string): Promise<string | null>;
}

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

export function createLocalAuthProvider(options: LocalAuthProviderOptions): LocalAuthProvider {
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

  /** The session if it can still get an ID token; one with an expired token and no refresh token is signed out. */
  function liveSession(): SignInResult | null {
    const session = store.get();
    if (session && !session.refreshToken && session.expiresAt <= now()) {
      setSession(null);
      return null;
    }
    return session;
  }

  async function refresh(session: SignInResult): Promise<string | null> {
    try {
      const body = session.refreshToken
        ? { refreshToken: session.refreshToken }
        : { idToken: session.idToken };
      const fresh = await post(IDENTITY_ROUTES.refresh, body, readSignInResult);
      // A sign-out or another sign-in while the refresh was under way wins over its result.
      if (store.get()?.idToken !== session.idToken) return store.get()?.idToken ?? null;
      setSession(fresh);
      return fresh.idToken;
    } catch (error) {
      const renewable = session.refreshToken !== undefined || session.expiresAt > now();
      if (
        renewable &&
        error instanceof ProviderError &&
        (error.code === 'unavailable' || error.code === 'internal')
      ) {
        // The server could not answer; the session is still good: keep it and try again next time.
        return session.idToken;
      }
      if (store.get()?.idToken === session.idToken) setSession(null);
      return null;
    }
  }

  /** One refresh at a time: concurrent callers share it instead of each spending the old token. */
  function refreshOnce(session: SignInResult): Promise<string | null> {
    refreshing ??= refresh(session).finally(() => {
      refreshing = null;
    });
    return refreshing;
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
      return refreshOnce(session);
    },

    async renewIdToken(rejected) {
      const session = liveSession();
      if (!session) return null;
      // Already renewed (by another refused call): the token that replaced it.
      if (session.idToken !== rejected) return session.idToken;
      if (!session.refreshToken) return null;
      const fresh = await refreshOnce(session);
      return fresh === rejected ? null : fresh;
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
