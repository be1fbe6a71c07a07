// The request handler that serves a built single-page app: files as they are, and index.html for every
// other path so client-side routes (/chat/@handle, /chat/{id}) load on a reload or a shared link.
// Used by the web container (scripts/docker/serve-static.mjs) and the browser journeys
// (web/e2e/support/static-server.ts). Node built-ins only.
//
// Limits: GET and HEAD only; no compression, range requests or TLS (put a real web server or CDN in front
// for production).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { FRAME_ANCESTORS_HEADERS } from './frame-ancestors.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  ...FRAME_ANCESTORS_HEADERS,
};

/** The file for a URL path inside root, or null when the path is malformed or escapes root. */
function fileFor(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(join(root, decoded));
  return file === root || file.startsWith(root + sep) ? file : null;
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function send(res, method, status, file, cacheControl) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  });
  if (method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * A node:http request handler serving the app in the directory `getRoot()` returns; while it returns
 * undefined (the app is still being built) every request gets 503.
 */
export function createSpaHandler(getRoot) {
  return async (req, res) => {
    const dir = getRoot();
    if (dir === undefined) {
      res.writeHead(503, SECURITY_HEADERS).end('Not built yet');
      return;
    }
    const root = resolve(dir);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const file = fileFor(root, pathname);
    if (file === null) {
      res.writeHead(400, SECURITY_HEADERS).end('Bad path');
      return;
    }
    if (await isFile(file)) {
      // Vite puts content-hashed bundles under /assets/: safe to cache for good. Anything else may change.
      const immutable = pathname.startsWith('/assets/');
      send(res, req.method, 200, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    // A missing bundle is a real 404 (an HTML answer would be parsed as script); any other path is a
    // route — including handles with a dot, so a file extension alone does not make a path an asset.
    if (pathname.startsWith('/assets/')) {
      res.writeHead(404, SECURITY_HEADERS).end('Not found');
      return;
    }
    send(res, req.method, 200, join(root, 'index.html'), 'no-cache');
  };
}
