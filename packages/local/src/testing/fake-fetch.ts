/** A fetch for unit tests: routes "METHOD /path" to a handler and records every call. */
export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export function createFakeFetch(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler)
      return json(404, { error: { code: 'not-found', message: `no route ${call.method} ${call.path}` } });
    return handler(call);
  };
  return { fetch, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorBody(status: number, code: string, message = code): Response {
  return json(status, { error: { code, message } });
}

/** A Storage stand-in backed by a Map. */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}
