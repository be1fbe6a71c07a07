/**
 * One structured log line per request, when its answer is sent (or the caller goes away): method,
 * route, status, latency, the conversation id, the App Check outcome, and for a refusal its code and
 * reason — Cloud Logging's `httpRequest` with them. Never a phone number (digit runs in a reason are
 * masked), a token (headers are not logged) or message text (bodies are not logged).
 * Severity: ERROR for 5xx, WARNING for 4xx, INFO otherwise.
 */
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { APP_CHECK_OUTCOME } from './app-check.js';

/** Where a route leaves the conversation its request named (res.locals). */
export const LOGGED_CONVERSATION = 'conversationId';

/**
 * Digit runs that could be a phone number: 7 digits or more, with the separators people write between
 * them (spaces, dashes, dots, slashes, brackets: 212.555.0199, (212) 555-0199, %20 in a URL path).
 */
const PHONE_LIKE = /\+?\(?\d(?:(?:[\s\-./()]|%20){0,2}\d){6,}/g;

/** A refusal's reason as logged: a phone-like run of digits masked, at most 300 characters. */
export function loggableReason(message: string): string {
  return message.replace(PHONE_LIKE, '[digits]').slice(0, 300);
}

interface ErrorBodyShape {
  error?: { code?: unknown; message?: unknown };
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let refusal: { code: string; reason: string } | null = null;
    // Every refusal goes out through res.json with core's error body: read its code and reason there.
    const json = res.json.bind(res) as Response['json'];
    res.json = (body: unknown) => {
      const error = (body as ErrorBodyShape | null)?.error;
      if (error && typeof error.code === 'string') {
        refusal = { code: error.code, reason: loggableReason(String(error.message ?? '')) };
      }
      return json(body);
    };
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The route's pattern, never the raw URL: no query string, no id from a path.
      const route = req.route
        ? `${req.baseUrl}${String(req.route.path)}`
        : loggableReason(req.path).slice(0, 100);
      const status = res.headersSent ? res.statusCode : 499;
      const fields = {
        httpRequest: {
          requestMethod: req.method,
          requestUrl: route,
          status,
          latency: `${(ms / 1000).toFixed(3)}s`,
          protocol: `HTTP/${req.httpVersion}`,
        },
        route,
        status,
        latencyMs: Math.round(ms * 10) / 10,
        ...(typeof res.locals[LOGGED_CONVERSATION] === 'string'
          ? { conversationId: res.locals[LOGGED_CONVERSATION] as string }
          : {}),
        ...(res.locals[APP_CHECK_OUTCOME] ? { appCheck: res.locals[APP_CHECK_OUTCOME] as string } : {}),
        ...(refusal ? { refusal } : {}),
      };
      const message = `${req.method} ${route} ${status}${refusal ? ` ${(refusal as { code: string }).code}` : ''}`;
      if (status >= 500) logger.error(fields, message);
      else if (status >= 400) logger.warn(fields, message);
      else logger.info(fields, message);
    };
    res.on('finish', log);
    res.on('close', log);
    next();
  };
}
