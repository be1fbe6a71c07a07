/**
 * A fetch for the data and chat calls that, when the server refuses a request's ID token (401), gets
 * a new one from the auth provider and sends the request once more with it. The client cannot tell
 * by its own clock that the mock server's clock moved past the token's hour (the demo console's
 * "Clock +1 hour"); Firebase's SDK renews a token the same way, so the page never depends on one.
 */
import type { FetchLike } from '@chat/chat-client';

export function renewingFetch(
  fetchOnce: FetchLike,
  renewIdToken: (rejected: string) => Promise<string | null>,
): FetchLike {
  return async (input, init) => {
    const response = await fetchOnce(input, init);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const sent = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
    if (response.status !== 401 || sent === undefined) return response;
    const renewed = await renewIdToken(sent).catch(() => null);
    if (renewed === null || renewed === sent) return response;
    return fetchOnce(input, { ...init, headers: { ...headers, authorization: `Bearer ${renewed}` } });
  };
}
