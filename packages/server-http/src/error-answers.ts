/**
 * JSON errors for every HTTP answer that is not 2xx: `{ error: { code, message } }` (core's
 * ErrorBodySchema), the status from HTTP_STATUS_BY_CODE. Stack traces never leave the server. The
 * same contract for the mock server and the production chat service.
 */
import { errorCodeForStatus, formatPath, HTTP_STATUS_BY_CODE, ProviderError } from '@chat/core';
import type { ErrorBody, ErrorCode } from '@chat/core';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { frameworkRefusal, requestPath } from './framework-errors.js';

export function sendError(
  res: Response,
  code: ErrorCode,
  message: string,
  status = HTTP_STATUS_BY_CODE[code],
): void {
  const body: ErrorBody = { error: { code, message } };
  res.status(status).json(body);
}

/**
 * Parses `value` with `schema`; on failure throws ProviderError('invalid-argument') whose message
 * names the first offending field, e.g. `role: Invalid option: expected one of "user"|"system"`.
 */
export function parseOrThrow<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  what = 'body',
): z.output<T> {
  // z.safeParse takes core's schemas (zod/mini) and the server's own (full zod) alike.
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  if (value === undefined && what === 'body') {
    throw new ProviderError('invalid-argument', 'body: missing; send a JSON object as application/json');
  }
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? formatPath(issue.path) : what;
  throw new ProviderError('invalid-argument', `${field}: ${issue.message}`);
}

/** JSON 404 for any route nobody answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(res, 'not-found', `No route ${req.method} ${req.path}`);
};

/** The last middleware: turns anything thrown into a JSON error. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ProviderError) {
      const status = error.status ?? HTTP_STATUS_BY_CODE[error.code];
      // Every 429 says when to come back; a limiter that knows sets its own before this.
      if (status === 429 && !res.get('Retry-After')) res.set('Retry-After', '60');
      sendError(res, error.code, error.message, status);
      return;
    }
    const refused = frameworkRefusal(error, req);
    if (refused) {
      sendError(res, refused.code, refused.message, refused.status);
      return;
    }
    // Any other error that carries a client-error status (from a library): its status, the code
    // core gives that status, and its own message only when the library marks it safe to show.
    const { status, expose, message } = error as { status?: unknown; expose?: unknown; message?: unknown };
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const shown = expose === true && typeof message === 'string' ? message : 'refused';
      sendError(res, errorCodeForStatus(status), `${req.method} ${requestPath(req)}: ${shown}`, status);
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    sendError(res, 'internal', 'Internal server error');
  };
}
