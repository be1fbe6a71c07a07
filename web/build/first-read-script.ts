/**
 * The first-read script: a few lines that index.html loads (async, in its head, before the app's module)
 * to start reading the business the URL names while the app's code is still on its way — on a phone,
 * most of a second (docs/decisions/0021). It only starts a GET and leaves `{ url, response }` on the
 * window; the backend's first read of that URL takes it (src/app/first-read/first-read.ts). It decides
 * nothing: a path that is not a chat page, or a handle (`/chat/@…`, resolved by a query), reads nothing,
 * and whatever the app decides about the answer is decided as before.
 *
 * The page's §2 routes, as far as a read goes: `/chat/{businessId}[/{conversationId}]` reads that
 * business, `/` the default business it redirects to.
 */
import { createHash } from 'node:crypto';
import type { AppEnv } from '../src/config/env.js';
import { businessReadUrl } from '../src/app/first-read/business-read-url.js';
import { FIRST_READ_GLOBAL } from '../src/app/first-read/first-read.js';

/** Stands for the business id in the URL; encodeURIComponent leaves it as it is. */
const ID_PLACEHOLDER = 'FIRSTREADBUSINESSID';

export interface FirstReadScript {
  /** The script's source. */
  source: string;
  /** Its file in a build, named by its content. */
  fileName: string;
  /** The origin it reads from, for a preconnect hint. */
  origin: string;
}

export function firstReadScript(env: AppEnv): FirstReadScript {
  const [prefix = '', suffix = ''] = businessReadUrl(env, ID_PLACEHOLDER).split(ID_PLACEHOLDER);
  const source = `// Starts the page's first read (web/build/first-read-script.ts).
(function () {
  try {
    var path = location.pathname;
    var match = /^\\/chat\\/([^/]+)(\\/[^/]*)?\\/?$/.exec(path);
    var id = match ? decodeURIComponent(match[1]) : path === '/' ? ${JSON.stringify(env.defaultBusinessId)} : '';
    if (!id || id.charAt(0) === '@') return;
    var url = ${JSON.stringify(prefix)} + encodeURIComponent(id) + ${JSON.stringify(suffix)};
    var response = fetch(url, { headers: { accept: 'application/json' } });
    // Whoever takes it handles a failure; nobody may take it, so no unhandled rejection either.
    response.catch(function () {});
    window[${JSON.stringify(FIRST_READ_GLOBAL)}] = { url: url, response: response };
  } catch (error) {
    // A malformed path: the app shows what it shows for it, without a first read.
  }
})();
`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { source, fileName: `assets/first-read-${hash}.js`, origin: new URL(prefix).origin };
}
