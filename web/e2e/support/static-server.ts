/**
 * Serves the built web app for the browser journeys on an ephemeral port on 127.0.0.1, with the same
 * SPA handler as the web container (scripts/lib/spa-static-handler.mjs). The server listens before the
 * app is built, because the build needs the page's origin for the mock server's CORS allowlist.
 */
import { createServer } from 'node:http';
import { createSpaHandler } from '../../../scripts/lib/spa-static-handler.mjs';
import { listenOnLoopback } from './loopback-server.js';

export interface StaticServer {
  /** e.g. http://127.0.0.1:41234 — the page's origin, which the mock server's CORS must allow. */
  origin: string;
  /** Starts serving `dir` (it can be filled after the server is listening). */
  serve(dir: string): void;
  close(): Promise<void>;
}

/** Listens on an ephemeral port on 127.0.0.1; answers 503 until serve() names the directory. */
export async function startStaticServer(): Promise<StaticServer> {
  let root: string | undefined;
  const handle = createSpaHandler(() => root);
  const server = createServer((request, response) => void handle(request, response));

  const listening = await listenOnLoopback(server);
  return {
    ...listening,
    serve(dir) {
      root = dir;
    },
  };
}
