/**
 * The demo console (docs/decisions/0006-demo-console-served-by-the-mock-server.md): a static page at
 * /console, its script and style, the web page's design tokens, and GET /control/events, a
 * server-sent-events stream of every message change so the console shows replies as they stream.
 * Mounted only when the control API is on, like the API the console drives.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import type { Response } from 'express';
import type { DocumentStore } from '../store/memory-store.js';

const CONSOLE_DIR = fileURLToPath(new URL('../../console/', import.meta.url));
/** The chat page's design tokens, shared rather than copied so the console looks like the product. */
const TOKENS_FILE = fileURLToPath(new URL('../../../web/src/styles/tokens.css', import.meta.url));

export interface ConsoleRoutes {
  router: Router;
  /** Ends every open event stream (before the server closes). */
  close(): void;
}

export function consoleRoutes(store: DocumentStore): ConsoleRoutes {
  const router = Router();
  const streams = new Set<Response>();

  router.get('/console', (_req, res) => {
    res.sendFile('index.html', { root: CONSOLE_DIR });
  });
  router.get('/console/tokens.css', (_req, res) => {
    if (fs.existsSync(TOKENS_FILE)) res.type('text/css').sendFile(TOKENS_FILE);
    else res.type('text/css').send('/* the web app is not beside this server: default colours */');
  });
  router.use('/console', express.static(CONSOLE_DIR, { index: false, fallthrough: false }));

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
