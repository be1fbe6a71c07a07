/**
 * The closed set of error codes that cross the DataProvider, AuthProvider and ChatService
 * interfaces. Every backend maps its own failures onto these, so the app turns a code into
 * the §8 text in one place (see text/error-text.ts) whichever backend produced it.
 */
export const ERROR_CODES = [
  // identity provider (§8 "Sending the code fails…", "Verifying fails…", bot check)
  'invalid-phone-number',
  'too-many-requests',
  'bot-check-failed',
  'bot-check-expired',
  'bot-check-unavailable',
  'invalid-code',
  'code-expired',
  // data and chat
  'not-found',
  'permission-denied',
  'unauthenticated',
  'invalid-argument',
  /**
   * The request was fine but the thing it names is not in a state that allows it: the chat service
   * answers it for a conversation that has expired (§4), so the page can tell that apart from a bad
   * request and move on to a new conversation.
   */
  'failed-precondition',
  /**
   * The chat service was asked about a message the page was still saving (a send's `messageId`), and
   * it was not saved in time: the page asks again once its save has landed (decision 0025).
   */
  'message-not-saved',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** An error raised by a provider implementation, carrying one of the closed set of codes. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  /**
   * The request got no answer at all: the network failed under it (offline, the server could not be
   * reached). That, not the browser's `navigator.onLine`, is how a client learns its connection is
   * gone (issue 28). Always with 'unavailable'; a deadline that passed is not this (the server may
   * be slow, and the request may still land).
   */
  readonly unreachable: boolean;
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    /** The HTTP status, when the failure came from an HTTP answer. */
    readonly status?: number,
    options: { unreachable?: boolean } = {},
  ) {
    super(message);
    this.unreachable = options.unreachable === true;
  }
}

/** Whether `error` says the request got no answer at all (ProviderError.unreachable). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ProviderError && error.unreachable;
}

/** The code of any thrown value: a ProviderError's own code, else 'internal'. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ProviderError ? error.code : 'internal';
}

/** The HTTP status a server answers with for each code, and the code a client reads back. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  'invalid-phone-number': 400,
  'too-many-requests': 429,
  'bot-check-failed': 400,
  'bot-check-expired': 400,
  'bot-check-unavailable': 503,
  'invalid-code': 400,
  'code-expired': 400,
  'not-found': 404,
  'permission-denied': 403,
  unauthenticated: 401,
  'invalid-argument': 400,
  'failed-precondition': 400,
  'message-not-saved': 409,
  unavailable: 503,
  internal: 500,
};

/**
 * Statuses that say the request as sent cannot be served (too large, not JSON, a precondition or
 * range that does not hold, headers too large): the caller must change the request.
 */
const INVALID_REQUEST_STATUSES: ReadonlySet<number> = new Set([400, 412, 413, 415, 416, 422, 431]);

/**
 * The code for an HTTP status: what a client reads when the body names none, and the code a server
 * sends with a status HTTP has a more precise word for than HTTP_STATUS_BY_CODE (413, 415, 431…).
 */
export function errorCodeForStatus(status: number): ErrorCode {
  if (INVALID_REQUEST_STATUSES.has(status)) return 'invalid-argument';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission-denied';
  if (status === 404) return 'not-found';
  if (status === 429) return 'too-many-requests';
  // 408: the server stopped waiting for the request; like a gateway timeout, worth trying again.
  if (status === 503 || status === 502 || status === 504 || status === 408) return 'unavailable';
  return 'internal';
}
