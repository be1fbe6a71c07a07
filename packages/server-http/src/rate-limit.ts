/**
 * Per-client request limits of both chat servers: a fixed window per client address
 * (window-limiter.ts). A refused request gets 429 'too-many-requests' with `Retry-After`, the seconds
 * until its window ends, which the page reads (CORS exposes the header) to say how long to wait.
 */
import type { Request, RequestHandler } from 'express';
import { sendError } from './error-answers.js';
import type { WindowLimiter } from './window-limiter.js';

/** The client a request counts against: its address (after the app's `trust proxy` hops). */
const clientOf = (req: Request) => req.ip ?? 'unknown';

export function rateLimited(limiter: WindowLimiter): RequestHandler {
  return (req, res, next) => {
    const client = clientOf(req);
    if (limiter.take(client)) {
      next();
      return;
    }
    res.set('Retry-After', String(Math.max(1, Math.ceil(limiter.waitMs(client) / 1000))));
    sendError(res, 'too-many-requests', 'Too many requests; slow down and try again later');
  };
}
