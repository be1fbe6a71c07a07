/**
 * The page's first read of its business, started by a tiny script in index.html's head before the app's
 * code has even loaded (web/build/first-read-script.ts writes it; docs/decisions/0021). On a phone the
 * app's script takes most of a second to arrive; the read overlaps it instead of starting after it.
 *
 * The script leaves `{ url, response }` on the window; the backend's first GET of that same URL takes the
 * response instead of asking again, once. Anything else — another URL, a second read, a page without
 * the script (tests, the dev server before it) — goes to the network as before, and a first read that
 * failed fails that GET the way the network would, so the provider's retries take over.
 */
export const FIRST_READ_GLOBAL = '__chatFirstRead';

export interface FirstRead {
  url: string;
  response: Promise<Response>;
}

type WithFirstRead = typeof globalThis & { [FIRST_READ_GLOBAL]?: FirstRead };

/** The first read's response when `url` is what it read and nothing has taken it yet; else null. */
export function takeFirstRead(url: string, scope: WithFirstRead = globalThis): Promise<Response> | null {
  const read = scope[FIRST_READ_GLOBAL];
  if (!read || read.url !== url) return null;
  delete scope[FIRST_READ_GLOBAL];
  return read.response;
}

/** `fetch` that answers the first GET of the first read's URL with the response already on its way. */
export function fetchWithFirstRead(next: typeof fetch, scope?: WithFirstRead): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? 'GET';
    const early = typeof input === 'string' && method === 'GET' ? takeFirstRead(input, scope) : null;
    return early ?? next(input, init);
  };
}
