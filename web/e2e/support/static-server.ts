/**
 * A tiny static file server for the built web app, with the single-page-app fallback: any path
 * that is not a file gets index.html, so deep links like /chat/bella-vista-salon/abc load the app.
 *
 * Limits: for the browser journeys only — no caching headers, no compression, GET/HEAD only, and
 * the whole file is read into memory per request.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

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

  const server = createServer((request, response) => {
    void (async () => {
      if (root === undefined) {
        response.writeHead(503).end('not built yet');
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      const file = normalize(join(root, pathname));
      const inside = file === root || file.startsWith(root + sep);
      const isFile = inside && (await stat(file).catch(() => null))?.isFile() === true;
      // Only paths without an extension are app routes; a missing asset is a real 404.
      if (!isFile && extname(pathname) !== '') {
        response.writeHead(404).end('not found');
        return;
      }
      const served = isFile ? file : join(root, 'index.html');
      const body = await readFile(served);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream',
        'content-length': body.length,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    serve(dir) {
      root = normalize(dir);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
