// The page served as Firebase Hosting serves it in production (firebase.json): `/api/chat` goes to the
// chat service (there a Cloud Run rewrite, here a plain HTTP proxy), every other path is the built
// single-page app (scripts/lib/spa-static-handler.mjs). Used by `npm run start:firebase` and the browser
// journeys on the Firebase stack. Node built-ins only.
//
// Limits: one rewritten path, as firebase.json has; gzip only (spa-static-handler.mjs), no TLS (a local tool,
// not a CDN).
import { createServer, request as httpRequest } from 'node:http';
import { createSpaHandler } from './spa-static-handler.mjs';

/** The path firebase.json rewrites to the chat service. */
export const CHAT_API_PATH = '/api/chat';

// Hop-by-hop headers are the connection's own, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardedHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Sends the request on to `targetUrl` (same path and query) and streams the answer back. */
function proxy(req, res, targetUrl) {
  const target = new URL(req.url ?? '/', targetUrl);
  const upstream = httpRequest(
    target,
    {
      method: req.method,
      headers: {
        ...forwardedHeaders(req.headers),
        host: target.host,
        // As Firebase Hosting tells Cloud Run: the visitor's address (the service's per-client limits).
        'x-forwarded-for': req.socket.remoteAddress ?? '',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The page reads a non-OK answer as the chat service failing, which it is.
    res
      .writeHead(502, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: 'unavailable', message: `chat service: ${error.message}` } }));
  });
  // A visitor's page that withdraws its call (or goes away) ends the call to the chat service too, as
  // Firebase Hosting does: a turn still waiting for its message then answers nothing (decision 0025).
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/**
 * Listens on host:port; serves the app in the directory `serve(dir)` names (503 until then) with the
 * headers `headersFor(path)` names (firebase.json's: hosting-headers.mjs), and proxies `/api/chat` to
 * `chatServiceUrl` — the one rewrite, whose answers carry the chat service's own headers, as a Cloud Run
 * rewrite's do. Resolves once listening; rejects when the port is taken.
 */
export async function startHostingServer({ host, port, chatServiceUrl, headersFor }) {
  let root;
  const spa = createSpaHandler(() => root, { headersFor });
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === CHAT_API_PATH) proxy(req, res, chatServiceUrl);
    else void spa(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    serve(dir) {
      root = dir;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
