/**
 * Guards on request bodies both servers put before their JSON parser and routes: a declared size over
 * the limit is refused before anything is read, and a body that is not JSON is refused by name.
 */
import type { RequestHandler } from 'express';
import { sendError } from './error-answers.js';
import { plural } from './plural.js';

/**
 * 413 at once for a body whose declared Content-Length is over the limit. The JSON parser finds
 * that out too, but only answers after reading (and discarding) the whole body; this answers
 * before any of it is read and closes the connection, so nobody can keep the server busy with
 * bodies it will refuse anyway.
 */
export function refuseDeclaredOversize(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    if (!(declared > limitBytes)) {
      next();
      return;
    }
    res.set('Connection', 'close');
    sendError(res, 'invalid-argument', `body: larger than ${plural(limitBytes, 'byte')}`, 413);
  };
}

/**
 * 415 for a request that has a body the JSON parser left unread because its content type is not
 * application/json (text/plain, a form, none at all). Every body this server takes is JSON; without
 * this, the route would see no body and answer "expected object, received undefined". A request
 * without a body is left to its route (some take none).
 */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (req.body !== undefined || !hasBody) {
    next();
    return;
  }
  const type = req.headers['content-type'];
  sendError(
    res,
    'invalid-argument',
    type
      ? `content-type: must be application/json, got ${JSON.stringify(type.slice(0, 100))}`
      : 'content-type: missing; send the body as application/json',
    415,
  );
};
