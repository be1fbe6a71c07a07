/**
 * The demo console (docs/decisions/0007-demo-console-served-by-the-mock-server.md): a static page at
 * /console, its script and style, the web page's design tokens and base styles, and GET /control/events, a
 * server-sent-events stream of every message change so the console shows replies as they stream (a
 * staffer's marked `staff`), and of the scenario files' state (`event: scenarios`) after every reload.
 * Mounted only when the control API is on, like the API the console drives.
 *
 * An event stream's buffer is bounded: a client that does not read (or reads slower than messages
 * change) is disconnected once more than `maxBacklogBytes` wait to be sent to it, instead of holding
 * the events in the server's memory until it leaves. The console reconnects by itself and reads the
 * picked conversation's messages again, so it loses nothing it shows.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import type { ErrorRequestHandler, Response } from 'express';
import type { ScenarioLibrary } from '@chat/assistant';
import type { Logger } from 'pino';
import type { DocumentStore } from '../store/memory-store.js';
import { sendError } from './errors.js';
import { requestPath } from '@chat/server-http';

const CONSOLE_DIR = fileURLToPath(new URL('../../console/', import.meta.url));
/** The chat page's design tokens and page-wide defaults, shared rather than copied so the console looks like the product. */
const WEB_STYLES_DIR = fileURLToPath(new URL('../../../web/src/styles/', import.meta.url));
const SHARED_STYLES = new Set(['tokens.css', 'global.css']);

/** How many bytes may wait to be sent to one /control/events client before it is disconnected. */
export const MAX_EVENT_BACKLOG_BYTES = 1024 * 1024;

export interface ConsoleRoutesOptions {
  /** The scenario files: each change (a file saved valid or with a mistake) is sent as a `scenarios` event. */
  library: Pick<ScenarioLibrary, 'list' | 'onChange'>;
  /** Whether a message was sent by a staffer from the console (shown as the staff's, not the assistant's). */
  isStaffMessage: (messageId: string) => boolean;
  logger: Logger;
  /** Default MAX_EVENT_BACKLOG_BYTES. */
  maxBacklogBytes?: number;
}

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

export function consoleRoutes(store: DocumentStore, options: ConsoleRoutesOptions): ConsoleRoutes {
  const maxBacklogBytes = options.maxBacklogBytes ?? MAX_EVENT_BACKLOG_BYTES;
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
      const staff = options.isStaffMessage(message.id);
      res.write(`data: ${JSON.stringify({ conversationId, seq, message, ...(staff ? { staff } : {}) })}\n\n`);
      // writableLength: what is written but not yet handed to the kernel, i.e. what this client owes.
      if (res.writableLength <= maxBacklogBytes) return;
      options.logger.warn(
        { backlogBytes: res.writableLength, maxBacklogBytes },
        'a /control/events client fell behind; disconnected it',
      );
      stop();
      stopScenarios();
      streams.delete(res);
      res.destroy();
    });
    // The scenario files' state now and after every reload: a mistake saved during a demo shows at once.
    const scenarios = () =>
      res.write(`event: scenarios\ndata: ${JSON.stringify({ scenarios: options.library.list() })}\n\n`);
    scenarios();
    const stopScenarios = options.library.onChange(scenarios);
    req.on('close', () => {
      stop();
      stopScenarios();
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
