// The request handler that serves a built single-page app: files as they are, and index.html for every
// other path so client-side routes (/chat/@handle, /chat/{id}) load on a reload or a shared link.
// Used by the web container (scripts/docker/serve-static.mjs) and the browser journeys
// (web/e2e/support/static-server.ts). Node built-ins only.
//
// Text files (HTML, JS, CSS, JSON, SVG) go gzip-compressed to clients that accept it, as any web host or CDN
// sends them: on a phone's connection the page's script is most of the wait (docs/decisions/0021), and
// the benchmark measures the page as visitors get it. Each file is compressed once (kept in memory until it
// changes on disk).
//
// Limits: GET and HEAD only; no brotli, range requests or TLS (put a real web server or CDN in front for
// production).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
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

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);

/** gzip bodies by file path, each with the modification time it was made from. */
const gzipped = new Map();

async function gzipOf(file) {
  const { mtimeMs } = await stat(file);
  const cached = gzipped.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const body = gzipSync(await readFile(file));
  gzipped.set(file, { mtimeMs, body });
  return body;
}

function acceptsGzip(req) {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

async function send(req, res, status, file, cacheControl, hostHeaders) {
  const type = extname(file).toLowerCase();
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[type] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ...hostHeaders,
  };
  if (COMPRESSIBLE.has(type)) {
    headers.Vary = 'Accept-Encoding';
    if (acceptsGzip(req)) {
      let body;
      try {
        body = await gzipOf(file);
      } catch {
        res.destroy();
        return;
      }
      res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * A node:http request handler serving the app in the directory `getRoot()` returns; while it returns
 * undefined (the app is still being built) every request gets 503. `headersFor(path)`, when given, names
 * headers that replace this handler's own for that path (firebase.json's, as Hosting sends them:
 * hosting-headers.mjs).
 */
export function createSpaHandler(getRoot, { headersFor = () => ({}) } = {}) {
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
    const hostHeaders = headersFor(pathname);
    const file = fileFor(root, pathname);
    if (file === null) {
      res.writeHead(400, SECURITY_HEADERS).end('Bad path');
      return;
    }
    if (await isFile(file)) {
      // Vite puts content-hashed bundles under /assets/: safe to cache for good. Anything else may change.
      const immutable = pathname.startsWith('/assets/');
      await send(
        req,
        res,
        200,
        file,
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        hostHeaders,
      );
      return;
    }
    // A missing bundle is a real 404 (an HTML answer would be parsed as script); any other path is a
    // route — including handles with a dot, so a file extension alone does not make a path an asset.
    if (pathname.startsWith('/assets/')) {
      res.writeHead(404, SECURITY_HEADERS).end('Not found');
      return;
    }
    await send(req, res, 200, join(root, 'index.html'), 'no-cache', hostHeaders);
  };
}
