/**
 * The page's first-screen calls as plain requests to Firestore's REST API: its writes as one
 * `documents:commit` answered in one round trip with the server's times for every serverTimestamp field
 * — where the SDK first opens its write stream (a handshake of several round trips on a phone), writes,
 * and then needs a read to learn those times — and the reads of a returning visitor's conversation and
 * its messages, before the SDK's listener has connected. firestore.rules judge these requests exactly as
 * the SDK's: the visitor's Firebase ID token (when signed in) goes as `Authorization: Bearer`, as the SDK
 * sends it. Decision 0021.
 *
 * The SDK stays the page's live listener and its fallback: a request that never got an answer (offline,
 * the network failed) rejects with RestUnreachable, so the caller can hand the call to the SDK, which
 * waits for the network and retries. A commit answered with an error (the rules refused, a precondition
 * failed) rejects with the SDK's error code ('permission-denied', …), mapped as any Firestore failure
 * (firestore-error-code.ts).
 */
import { FirestoreTime, isTimeLike, type TimeLike } from './firestore-time.js';

/** Where the REST API is and whose token signs the requests. */
export interface RestTarget {
  /** https://firestore.googleapis.com, or the emulator's http://host:port. */
  origin: string;
  projectId: string;
  /** The signed-in visitor's ID token, null when anonymous. */
  idToken: () => Promise<string | null>;
}

/** One document write. */
export interface RestWrite {
  /** The document's path, e.g. 'conversations/abc'. */
  path: string;
  /** Fields written (undefined ones left out); times (FirestoreTime, the SDK's Timestamp) as timestamps. */
  fields: Record<string, unknown>;
  /** Field paths ('updatedAt', 'lastMessage.sentAt') set to the server's time of the commit. */
  serverTimes?: readonly string[];
  /** An update of these top-level fields only; without it the whole document is written, as set(). */
  updateFields?: readonly string[];
  /** Precondition: the document must (true) or must not (false) exist. */
  exists?: boolean;
}

/** Commits the writes atomically; per write, the server times of its `serverTimes`, in order. */
export type RestCommit = (writes: readonly RestWrite[]) => Promise<FirestoreTime[][]>;

/** The request never got an answer: nothing is known to be written. */
export class RestUnreachable extends Error {
  constructor(cause: unknown) {
    super(
      `Firestore's REST API could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'RestUnreachable';
  }
}

/** A refusal from the REST API, with the SDK's code for it. */
export class RestCommitError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RestCommitError';
  }
}

/** A value as the REST API types it. */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }
  | { timestampValue: string }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

/** A time as REST's RFC 3339 text, to the nanosecond (the rules compare times exactly). */
export function restTimestamp(time: Pick<TimeLike, 'seconds' | 'nanoseconds'>): string {
  const seconds = new Date(time.seconds * 1000).toISOString().slice(0, 19);
  return `${seconds}.${String(time.nanoseconds).padStart(9, '0')}Z`;
}

/** REST's RFC 3339 text as a time, to the nanosecond (Date would keep milliseconds only). */
export function timestampFromRest(text: string): FirestoreTime {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!match) throw new Error(`not a REST timestamp: ${JSON.stringify(text)}`);
  const seconds = Date.parse(`${match[1]}Z`) / 1000;
  return new FirestoreTime(seconds, Number((match[2] ?? '').padEnd(9, '0')));
}

/** One value as REST's typed value; undefined map fields are left out, as the SDK's writes do. */
export function toRestValue(value: unknown): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot store the number ${value}`);
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (isTimeLike(value)) return { timestampValue: restTimestamp(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toRestValue) } };
  if (typeof value === 'object')
    return { mapValue: { fields: toRestFields(value as Record<string, unknown>) } };
  throw new Error(`cannot store a value of type ${typeof value}`);
}

export function toRestFields(object: Record<string, unknown>): Record<string, RestValue> {
  const fields: Record<string, RestValue> = {};
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) fields[key] = toRestValue(value);
  }
  return fields;
}

/** REST's status name ('PERMISSION_DENIED') as the SDK's code ('permission-denied'). */
function sdkCode(status: unknown): string {
  return typeof status === 'string' ? status.toLowerCase().replace(/_/g, '-') : 'unknown';
}

/** A REST answer: its status and JSON body (null when it has none). */
export interface RestAnswer {
  status: number;
  body: unknown;
}

/** Reads of documents, answered as they come (a 404 or 403 is an answer, not a failure). */
export interface RestReads {
  /** GET of one document, e.g. 'conversations/abc'. */
  get(path: string): Promise<RestAnswer>;
  /** The documents of a collection ordered by a field, e.g. 'conversations/abc/messages'. */
  list(path: string, orderBy: string): Promise<RestAnswer>;
}

export interface RestApi extends RestReads {
  commit: RestCommit;
}

export function createRestApi(target: RestTarget): RestApi {
  const database = `projects/${target.projectId}/databases/(default)`;
  const documents = `${target.origin.replace(/\/+$/, '')}/v1/${encodeURI(database)}/documents`;

  async function request(url: string, body?: unknown): Promise<RestAnswer> {
    const token = await target.idToken();
    let response: Response;
    try {
      response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          // JSON sent as text/plain, as the SDK's own REST connection does: a request without custom
          // headers is then "simple" for CORS, with no preflight round trip first (an anonymous visitor's).
          ...(body === undefined ? {} : { 'content-type': 'text/plain' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new RestUnreachable(error);
    }
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }

  const pathUrl = (path: string) => `${documents}/${path.split('/').map(encodeURIComponent).join('/')}`;

  return {
    get: (path) => request(pathUrl(path)),
    list: (path, orderBy) => request(`${pathUrl(path)}?orderBy=${encodeURIComponent(orderBy)}&pageSize=300`),
    async commit(writes) {
      const { status, body } = await request(`${documents}:commit`, {
        writes: writes.map((write) => ({
          update: { name: `${database}/documents/${write.path}`, fields: toRestFields(write.fields) },
          ...(write.updateFields ? { updateMask: { fieldPaths: write.updateFields } } : {}),
          ...(write.serverTimes?.length
            ? {
                updateTransforms: write.serverTimes.map((fieldPath) => ({
                  fieldPath,
                  setToServerValue: 'REQUEST_TIME',
                })),
              }
            : {}),
          ...(write.exists !== undefined ? { currentDocument: { exists: write.exists } } : {}),
        })),
      });
      const answer = body as {
        error?: { status?: unknown; message?: unknown };
        writeResults?: Array<{ transformResults?: Array<{ timestampValue?: unknown }> }>;
      } | null;
      if (status !== 200) {
        const message = typeof answer?.error?.message === 'string' ? answer.error.message : 'no message';
        throw new RestCommitError(sdkCode(answer?.error?.status), `HTTP ${status}: ${message}`);
      }
      return writes.map((write, i) => {
        const results = answer?.writeResults?.[i]?.transformResults ?? [];
        return (write.serverTimes ?? []).map((field, j) => {
          const time = results[j]?.timestampValue;
          if (typeof time !== 'string')
            throw new RestCommitError('internal', `The commit's answer has no server time for ${field}`);
          return timestampFromRest(time);
        });
      });
    },
  };
}
