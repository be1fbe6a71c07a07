/**
 * A fetch for the data and chat calls that, when the server refuses a request's ID token (401), gets
 * a new one from the auth provider and sends the request once more with it. The client cannot tell
 * by its own clock that the mock server's clock moved past the token's hour (the demo console's
 * "Clock +1 hour"); Firebase's SDK renews a token the same way, so the page never depends on one.
 *
 * When the session cannot be renewed because it was signed out on the server (the demo console's
 * "Sign the visitor out"), the auth provider has signed the visitor out, and the request is sent
 * once more without a token: the visitor goes on as an anonymous one (whose conversation an
 * anonymous caller may use), as with Firebase, where a revoked user is signed out, not stuck.
 */
import type { FetchLike } from '@chat/chat-client';

export function renewingFetch(
  fetchOnce: FetchLike,
  renewIdToken: (rejected: string) => Promise<string | null>,
  /** Whether a visitor is still signed in; without it, a call whose token cannot be renewed fails. */
  signedIn?: () => boolean,
): FetchLike {
  return async (input, init) => {
    const response = await fetchOnce(input, init);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const sent = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
    if (response.status !== 401 || sent === undefined) return response;
    // Only a visitor the renewal signed out goes on anonymously: a token that was never good is refused.
    const wasSignedIn = signedIn?.() ?? false;
    const renewed = await renewIdToken(sent).catch(() => null);
    if (renewed === null && wasSignedIn && signedIn && !signedIn()) {
      const { authorization: _dropped, ...anonymous } = headers;
      return fetchOnce(input, { ...init, headers: anonymous });
    }
    if (renewed === null || renewed === sent) return response;
    return fetchOnce(input, { ...init, headers: { ...headers, authorization: `Bearer ${renewed}` } });
  };
}
