// The control API as the console calls it (same origin: the mock server serves both).

// core's CONTROL_CALL_HEADERS (the console has no build step to import it): the server refuses a
// state-changing control call without them.
const CONTROL_HEADERS = { 'content-type': 'application/json', 'x-mock-control': '1' };

/** A control call the server refused; `status` is its HTTP status (404: what it names is gone). */
export class ControlError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Calls the control API; answers the parsed JSON body, or throws a ControlError with the server's message. */
export async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: method === 'GET' ? {} : CONTROL_HEADERS,
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) {
    throw new ControlError(json?.error?.message ?? `HTTP ${response.status}`, response.status);
  }
  return json;
}

/** `/control/conversations/<id><rest>`, with the id encoded. */
export function conversationPath(id, rest = '') {
  return `/control/conversations/${encodeURIComponent(id)}${rest}`;
}

/** Whether `error` says the conversation it was about no longer exists (a reset deleted it). */
export function isGone(error) {
  return error instanceof ControlError && error.status === 404;
}

// A proxy or a crashed server can answer with HTML: the status then says what went wrong.
function parseJson(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
