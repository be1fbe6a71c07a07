import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A node:http request handler serving the single-page app in the directory `getRoot()` returns
 * (index.html for every path that is not a file); 503 while it returns undefined.
 */
export function createSpaHandler(
  getRoot: () => string | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
