/**
 * Checks that a request comes from the developer's own tools and not from a web page they happen
 * to visit:
 *
 * - the Host header must name this server (DNS rebinding: a page on evil.example whose name
 *   resolves to 127.0.0.1 sends `Host: evil.example`), on every HTTP route and the socket;
 * - a state-changing control call must carry `content-type: application/json` and
 *   `X-Mock-Control: 1` (CSRF: a cross-origin page can send a POST with `text/plain` and no custom
 *   header without a CORS preflight; a custom header forces the preflight, which foreign origins fail);
 * - a state-changing data call must carry `content-type: application/json`, body or not: a JSON
 *   content type is not one a simple request may send, so a foreign page's form POST (with no body,
 *   which the body check lets through) is refused before it can set anything.
 */
import type { RequestHandler } from 'express';
import { CONTROL_HEADER } from '@chat/core';
import { sendError } from './errors.js';

/** Host names every server answers to: the loopback names a developer's own tools use. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses that mean "every interface": they name no host, so they are not added to the allowlist. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '[::]', '::']);

/**
 * The host name of a Host header value or an allowlist entry, lower-cased, without port and
 * trailing dot (`[::1]` keeps its brackets); null when it is not a plain host[:port].
 */
export function hostName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || /[\s/\\@?#]/.test(trimmed)) return null;
  try {
    const { hostname } = new URL(`http://${trimmed}`);
    return hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/**
 * An allowlist entry as a host name: `mock-server`, `192.168.1.20`, `::1` or `[::1]`; null when it
 * is not a plain host name (a port, a path or a scheme is not allowed).
 */
export function allowedHostName(entry: string): string | null {
  const trimmed = entry.trim();
  const isBareIpv6 = (trimmed.match(/:/g) ?? []).length > 1 && !trimmed.startsWith('[');
  const candidate = isBareIpv6 ? `[${trimmed}]` : trimmed;
  if (/:\d*$/.test(candidate)) return null;
  return hostName(candidate);
}

/**
 * The host names a server answers to: the loopback names and `allowedHosts` (the configured listen
 * host, ALLOWED_HOSTS). Wildcard addresses (0.0.0.0, ::) name no host and are skipped; a bare IPv6
 * address gets its brackets, as a Host header carries it.
 */
export function hostAllowlist(allowedHosts: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK_HOSTS);
  for (const candidate of allowedHosts) {
    if (WILDCARD_ADDRESSES.has(candidate.trim())) continue;
    const name = allowedHostName(candidate);
    if (name) names.add(name);
  }
  return names;
}

/** Whether a request whose Host header is `header` may be answered. No Host header: refused. */
export function hostHeaderAllowed(header: string | undefined, allowlist: ReadonlySet<string>): boolean {
  if (header === undefined) return false;
  const name = hostName(header);
  return name !== null && allowlist.has(name);
}

/** How many distinct allowed Host header values a guard remembers (a server is named a few ways). */
const REMEMBERED_HOST_VALUES = 32;

/** 403 for any request whose Host header does not name this server. */
export function hostGuard(allowlist: ReadonlySet<string>): RequestHandler {
  // Parsing the header (a URL per request) was a measurable share of the write path, and a server
  // sees the same few values: allowed values are remembered, up to a bound so that nobody can grow
  // the set. Refused values are always parsed again — they are never remembered.
  const allowedValues = new Set<string>();
  return (req, res, next) => {
    const header = req.headers.host;
    if (header !== undefined && allowedValues.has(header)) {
      next();
      return;
    }
    if (hostHeaderAllowed(header, allowlist)) {
      if (allowedValues.size < REMEMBERED_HOST_VALUES) allowedValues.add(header!);
      next();
      return;
    }
    const shown = (req.headers.host ?? '(none)').slice(0, 100);
    sendError(
      res,
      'permission-denied',
      `Host ${JSON.stringify(shown)} is not allowed: this server answers to ${[...allowlist].join(', ')}; ` +
        'add other names to ALLOWED_HOSTS',
    );
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request declares `content-type: application/json` (any parameters, e.g. a charset). */
function declaresJson(req: { headers: { 'content-type'?: string } }): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * 415 for a state-changing data call (POST, PUT, PATCH, DELETE) without `content-type:
 * application/json`, also when it has no body. Mount it on /data.
 */
export const dataCallGuard: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || declaresJson(req)) {
    next();
    return;
  }
  const declared = req.headers['content-type'];
  const rule = 'a data call that changes state needs "content-type: application/json"';
  const message = declared
    ? `content-type: ${rule}, got ${JSON.stringify(declared.slice(0, 100))}`
    : `content-type: missing; ${rule}; send {} when there is nothing else to send`;
  sendError(res, 'invalid-argument', message, 415);
};

/**
 * 403 for a state-changing control call (POST, PUT, PATCH, DELETE) without `content-type:
 * application/json` and `X-Mock-Control: 1`. Mount it on /control before the control routes.
 */
export const controlCallGuard: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) {
    next();
    return;
  }
  if (declaresJson(req) && req.get(CONTROL_HEADER) === '1') {
    next();
    return;
  }
  sendError(
    res,
    'permission-denied',
    `A control call that changes state needs the headers "content-type: application/json" and ` +
      `"${CONTROL_HEADER}: 1"`,
  );
};
