/**
 * Two things no JSON body this server takes ever needs, refused for every route before any route
 * runs (400 `invalid-argument`, naming the field), so that no route can store them:
 *
 * - nesting deeper than MAX_BODY_DEPTH: JSON.parse reads 6,000 nested `[` happily, but JSON.stringify
 *   cannot write them back, so a document stored with them answered 500 on every read (issue 22);
 * - a string (value or key) that is not well-formed UTF-16, i.e. holds a lone surrogate such as
 *   `"\ud800"`: it is not text, and neither the page, Firestore nor a data file could show it.
 *
 * One walk over the parsed body; the bodies are at most 64 KB.
 */
import type { RequestHandler } from 'express';
import { formatPath } from '@chat/core';
import { sendError } from './errors.js';

/** Deeper than any body of this API (a business document's hours are 5 levels down). */
export const MAX_BODY_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem with `value`'s shape as "field: problem", or null when it has none. */
export function bodyShapeProblem(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const problem = stringProblem(current);
      if (problem) return `${where(path)}: ${problem}`;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= MAX_BODY_DEPTH) {
      return `${where(path)}: nested deeper than ${MAX_BODY_DEPTH} levels; no field of this API is`;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      if (typeof key === 'string') {
        const problem = stringProblem(key);
        if (problem) return `${where(path)}: a key ${problem}`;
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

function where(path: Array<string | number>): string {
  return path.length === 0 ? 'body' : formatPath(path);
}

function stringProblem(text: string): string | null {
  const lone = LONE_SURROGATE.exec(text);
  if (!lone) return null;
  const code = lone[0].charCodeAt(0).toString(16);
  return `holds a lone surrogate (\\u${code} at character ${lone.index}); text must be well-formed Unicode`;
}

/** 400 for a JSON body with a problem bodyShapeProblem finds; other requests go on. */
export const refuseMalformedBody: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  const problem = typeof body === 'object' && body !== null ? bodyShapeProblem(body) : null;
  if (problem) {
    sendError(res, 'invalid-argument', problem);
    return;
  }
  next();
};
