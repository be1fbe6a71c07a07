/**
 * The errors Express's own pieces raise before a route runs — the JSON body parser and the router
 * decoding a path parameter — as an error answer that names what was refused: the body, its
 * content type, its charset, the path. Their own messages ("body: charset.unsupported", "Failed to
 * decode param") speak of the library, not of the request.
 */
import { errorCodeForStatus } from '@chat/core';
import type { ErrorCode } from '@chat/core';
import type { Request } from 'express';
import { plural } from './plural.js';

export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** The fields the body parser (body-parser, through express.json) puts on its errors. */
interface BodyParserError {
  type: string;
  status: number;
  limit?: number;
  charset?: string;
  encoding?: string;
  /** The body as read, on a parse failure. */
  body?: unknown;
}

/**
 * Whether `body` is JSON after all: the parser (strict) refuses a top-level `null`, number or string
 * too, and "not valid JSON" would be wrong for those.
 */
function isJsonText(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

const isBodyParserError = (error: unknown): error is BodyParserError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { type?: unknown }).type === 'string' &&
  typeof (error as { status?: unknown }).status === 'number';

const refusal = (status: number, message: string): Refusal => ({
  status,
  code: errorCodeForStatus(status),
  message,
});

/** The path of the request as the client sent it (without the query), for messages. */
export function requestPath(req: Request): string {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).slice(0, 200);
}

/** The answer for a body the JSON parser refused, or null when it is not one of its refusals. */
function bodyRefusal(error: BodyParserError): Refusal | null {
  switch (error.type) {
    case 'entity.too.large':
      return refusal(413, `body: larger than ${error.limit ? plural(error.limit, 'byte') : 'the limit'}`);
    case 'entity.parse.failed':
      return refusal(400, isJsonText(error.body) ? 'body: must be a JSON object' : 'body: not valid JSON');
    case 'charset.unsupported':
      return refusal(
        415,
        `content-type: charset "${error.charset ?? ''}" is not supported; send JSON as utf-8`,
      );
    case 'encoding.unsupported':
      return refusal(
        415,
        `content-encoding: "${error.encoding ?? ''}" is not supported; send the body uncompressed, or as gzip, deflate or br`,
      );
    case 'request.aborted':
      return refusal(400, 'body: the request was aborted before its body arrived');
    case 'request.size.invalid':
      return refusal(400, 'content-length: does not match the size of the body');
    default:
      return null;
  }
}

/**
 * The answer for an error of the body parser or the router, or null for anything else. A refusal
 * answers with a status HTTP has a word for (413, 415) and the code errorCodeForStatus gives it.
 */
export function frameworkRefusal(error: unknown, req: Request): Refusal | null {
  if (isBodyParserError(error)) return bodyRefusal(error);
  if (error instanceof URIError && (error as { status?: unknown }).status === 400) {
    // The router's message is "Failed to decode param '<segment>'".
    const segment = /'(.*)'$/s.exec(error.message)?.[1];
    return refusal(
      400,
      `path: ${segment === undefined ? 'a segment' : `the segment "${segment.slice(0, 100)}"`} of ` +
        `${requestPath(req)} is not valid percent-encoding (expected UTF-8 bytes as %XX)`,
    );
  }
  return null;
}
