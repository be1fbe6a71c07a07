import { ProviderError, type ReadResult } from '@chat/core';
import { errorFromResponse, networkError, parseJsonOrUndefined } from './http-errors.js';

export type FetchLike = typeof fetch;

export interface JsonRequest {
  fetch: FetchLike;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as JSON when present. */
  body?: unknown;
  /** Sent as `Authorization: Bearer …` only when it is a non-empty string. */
  idToken?: string | null;
  /** More request headers (the chat service's App Check token). */
  headers?: Record<string, string>;
  /** Names the service in error messages, e.g. "Chat service". */
  what: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/**
 * Sends a JSON request and reads the 2xx answer with one of core's readers (its plain checks of our
 * servers' answers, or the liberal readers of documents other tools may have written; what a reader
 * dropped is logged as a warning). Rejects with a ProviderError: 'unavailable' when no answer came,
 * the server's code (or the status's) for a non-OK answer, and 'internal' naming the field when the
 * answer cannot be read.
 */
export async function requestJson<T>(
  request: JsonRequest,
  read: (body: unknown) => ReadResult<T>,
): Promise<T> {
  const response = await send(request);
  const text = await readText(response, request.what);
  const result = read(parseJsonOrUndefined(text));
  if (!result.ok) {
    throw new ProviderError(
      'internal',
      `${request.what} answered ${request.method} ${request.url} with an unexpected body: ${result.problem}`,
      response.status,
    );
  }
  for (const warning of result.warnings) console.warn(`${request.what}: ${warning}`);
  return result.value;
}

/** Like requestJson for answers whose body is not read (204 No Content and the like). */
export async function requestNoContent(request: JsonRequest): Promise<void> {
  const response = await send(request);
  // Drain the body so the connection can be reused; its content is not part of the contract.
  await readText(response, request.what);
}

async function send(request: JsonRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (typeof request.idToken === 'string' && request.idToken !== '') {
    headers.authorization = `Bearer ${request.idToken}`;
  }
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (cause) {
    throw networkError(request.what, request.url, cause);
  }
  if (!response.ok) throw await errorFromResponse(response, request.what);
  return response;
}

async function readText(response: Response, what: string): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    // The status arrived but the body was cut off: the answer is lost, as if the server were unreachable.
    throw new ProviderError(
      'unavailable',
      `${what} answer was cut off: ${cause instanceof Error ? cause.message : String(cause)}`,
      response.status,
    );
  }
}
