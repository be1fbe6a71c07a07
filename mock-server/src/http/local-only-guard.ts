/**
 * The demo's controls answer only on the laptop itself (issue 28, item 9). With `demo start --lan`
 * the server listens on every interface so that a phone on the Wi-Fi gets the page and what it needs
 * (data, identity, chat, live stream); the control API (reset, clock, speaking as the assistant, the
 * one-time-code reader /control/otp) and the console must not be open to everyone on that network.
 *
 * Who is calling is read from the connection's own remote address, never from a header: express's
 * `trust proxy` stays off, so `X-Forwarded-For` cannot make a remote caller look local.
 *
 * Another device may still open the console with the link `demo start --lan` prints, which carries a
 * key made for this demo (CONSOLE_KEY, from the environment): opening `/console?key=<key>` sets a
 * cookie holding the key (HttpOnly, SameSite=Strict, this server only), so the console's own calls
 * and its event stream carry it too. The key is compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { sendError } from './errors.js';

/** The cookie that carries the console key after the key link was opened. */
export const CONSOLE_KEY_COOKIE = 'mock_console_key';

/** Whether `address` (a socket's remoteAddress) is this machine's loopback: 127.0.0.0/8 or ::1, also IPv4-mapped. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

function keyMatches(given: string | undefined, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [cookieName, ...rest] = part.trim().split('=');
    if (cookieName !== name) continue;
    // A value that is not percent-encoding (another program's cookie, a hostile one) is no key.
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface LocalOnlyDecision {
  allowed: boolean;
  /** Set when the request carried the key in its query: the cookie to set so later calls carry it. */
  rememberKey: boolean;
}

/** Whether a control or console request may be answered (the decision, apart from express). */
export function localOnlyDecision(
  request: { remoteAddress: string | undefined; queryKey: string | undefined; cookieKey: string | undefined },
  consoleKey: string | null,
): LocalOnlyDecision {
  if (isLoopbackAddress(request.remoteAddress)) return { allowed: true, rememberKey: false };
  if (consoleKey === null) return { allowed: false, rememberKey: false };
  if (keyMatches(request.queryKey, consoleKey)) return { allowed: true, rememberKey: true };
  return { allowed: keyMatches(request.cookieKey, consoleKey), rememberKey: false };
}

/** 403 for a control or console request from another machine without the demo's console key. */
export function localOnlyGuard(consoleKey: string | null): RequestHandler {
  return (req, res, next) => {
    const queryKey = typeof req.query.key === 'string' ? req.query.key : undefined;
    const decision = localOnlyDecision(
      { remoteAddress: req.socket.remoteAddress, queryKey, cookieKey: cookieValue(req, CONSOLE_KEY_COOKIE) },
      consoleKey,
    );
    if (decision.allowed) {
      if (decision.rememberKey) {
        res.append(
          'Set-Cookie',
          `${CONSOLE_KEY_COOKIE}=${encodeURIComponent(consoleKey!)}; Path=/; HttpOnly; SameSite=Strict`,
        );
      }
      next();
      return;
    }
    sendError(
      res,
      'permission-denied',
      'The demo controls and console answer only on the computer running the demo' +
        (consoleKey === null ? '' : ', or through the console link `npm run demo -- start --lan` printed') +
        '.',
    );
  };
}
