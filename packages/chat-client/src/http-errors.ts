import { ProviderError, errorCodeForStatus, readErrorBody } from '@chat/core';

/**
 * The ProviderError for a non-OK HTTP answer: the code and message from our servers' error body
 * when it has one, else the code for the status. The status is kept on the error either way.
 */
export async function errorFromResponse(response: Response, what: string): Promise<ProviderError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read (connection dropped); the status alone still tells the code.
  }
  const body = readErrorBody(parseJsonOrUndefined(text));
  if (body.ok) {
    return new ProviderError(body.value.error.code, body.value.error.message, response.status);
  }
  return new ProviderError(
    errorCodeForStatus(response.status),
    `${what} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    response.status,
  );
}

/** The ProviderError for a request that never got an answer (server down, DNS, CORS, offline). */
export function networkError(what: string, url: string, cause: unknown): ProviderError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ProviderError('unavailable', `${what} could not be reached at ${url}: ${reason}`, undefined, {
    unreachable: true,
  });
}

/** JSON.parse that answers undefined instead of throwing; the caller's schema then reports what is wrong. */
export function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
