/**
 * The demo console (docs/decisions/0007-demo-console-served-by-the-mock-server.md): a static page at
 * /console, its script and style, the web page's design tokens and base styles, and GET /control/events, a
 * server-sent-events stream of every message change so the console shows replies as they stream.
 * Mounted only when the control API is on, like the API the console drives.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import type { ErrorRequestHandler, Response } from 'express';
import type { DocumentStore } from '../store/memory-store.js';
import { sendError } from './errors.js';
import { requestPath } from '@chat/server-http';

const CONSOLE_DIR = fileURLToPath(new URL('../../console/', import.meta.url));
/** The chat page's design tokens and page-wide defaults, shared rather than copied so the console looks like the product. */
const WEB_STYLES_DIR = fileURLToPath(new URL('../../../web/src/styles/', import.meta.url));
const SHARED_STYLES = new Set(['tokens.css', 'global.css']);

export interface ConsoleRoutes {
  router: Router;
  /** Ends every open event stream (before the server closes). */
  close(): void;
}

/**
 * The static server's refusals as error answers that say what was refused: a path that climbs out
 * of the console's folder (403), a file that is not there (404), a path that is no file name (400).
 */
const consoleFileRefused: ErrorRequestHandler = (error: { status?: unknown }, req, res, next) => {
  const path = JSON.stringify(requestPath(req));
  if (error.status === 403) {
    sendError(res, 'permission-denied', `path: ${path} is refused: it leads out of the console's folder`);
  } else if (error.status === 404) {
    sendError(res, 'not-found', `path: no console file ${path}`);
  } else if (error.status === 400) {
    sendError(res, 'invalid-argument', `path: ${path} is not a valid file name`);
  } else {
    next(error);
  }
};

export function consoleRoutes(store: DocumentStore): ConsoleRoutes {
  const router = Router();
  const streams = new Set<Response>();

  router.get('/console', (_req, res) => {
    res.sendFile('index.html', { root: CONSOLE_DIR });
  });
  router.get('/console/styles/:file', (req, res) => {
    const file = req.params.file;
    res.type('text/css');
    if (!SHARED_STYLES.has(file)) res.status(404).send('/* no such style sheet */');
    else if (fs.existsSync(`${WEB_STYLES_DIR}${file}`)) res.sendFile(file, { root: WEB_STYLES_DIR });
    else res.send('/* the web app is not beside this server: browser defaults */');
  });
  // Files are read with GET (and HEAD); other methods go on to the JSON 404, where the static
  // server would answer an empty 405.
  const files = express.static(CONSOLE_DIR, { index: false, fallthrough: false });
  router.use('/console', (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') files(req, res, next);
    else next();
  });
  router.use('/console', consoleFileRefused);

  router.get('/control/events', (req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const stop = store.onMessage(({ conversationId, seq, message }) => {
      res.write(`data: ${JSON.stringify({ conversationId, seq, message })}\n\n`);
    });
    req.on('close', () => {
      stop();
      streams.delete(res);
    });
  });

  return {
    router,
    close() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
