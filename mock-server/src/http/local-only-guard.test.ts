/**
 * Issue 28, item 9: with `demo start --lan` the server listens on every interface; the control API,
 * the one-time-code reader and the console must answer only this machine (or the console link's key),
 * while the page's own routes (data, identity, chat) answer the phone. The calls here come from a
 * real socket bound to a non-loopback address of this machine; a machine without one skips them.
 */
import http from 'node:http';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTROL_HEADER, DATA_ROUTES, HEALTH_PATH, IDENTITY_ROUTES } from '@chat/core';
import { createApp } from '../app.js';
import type { AppOptions, ChatMockServer } from '../app.js';
import { createConversation } from '../testing/test-server.js';
import { CONSOLE_KEY_COOKIE, isLoopbackAddress, localOnlyDecision } from './local-only-guard.js';

/** A non-loopback IPv4 address of this machine (the laptop's Wi-Fi address in a demo), or null. */
const LAN_ADDRESS =
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address ?? null;

const KEY = 'a-key-made-for-this-demo-0123456789';
const running: ChatMockServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/** A server on every interface, as `demo start --lan` runs it, answering Host `lan`. */
async function startOnEveryInterface(options: AppOptions = {}) {
  const server = createApp({ allowedHosts: LAN_ADDRESS ? [LAN_ADDRESS] : [], consoleKey: KEY, ...options });
  running.push(server);
  const { port } = await server.listen(0, '0.0.0.0');
  return { server, port };
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One HTTP request to `host`:`port` from the local address `from`. */
function call(
  options: { from: string; host: string; port: number; path: string; method?: string; body?: unknown },
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: options.host,
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json', [CONTROL_HEADER]: '1' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the guard decides by the connection, not by what the request says', () => {
  it('knows loopback addresses, IPv4-mapped too', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.168.1.20', '::ffff:192.168.1.20', 'fd00::2', '10.0.0.1', undefined, ''])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it('lets a remote caller through only with the key, and a wrong key is a refusal', () => {
    const remote = { remoteAddress: '192.168.1.20', cookieKey: undefined };
    expect(localOnlyDecision({ ...remote, queryKey: undefined }, KEY).allowed).toBe(false);
    expect(localOnlyDecision({ ...remote, queryKey: KEY.slice(1) }, KEY).allowed).toBe(false);
    expect(localOnlyDecision({ ...remote, queryKey: KEY }, null).allowed).toBe(false);
    expect(localOnlyDecision({ ...remote, queryKey: KEY }, KEY)).toEqual({
      allowed: true,
      rememberKey: true,
    });
    expect(localOnlyDecision({ ...remote, queryKey: undefined, cookieKey: KEY }, KEY).allowed).toBe(true);
  });
});

// The bug: decodeURIComponent threw on such a cookie, and every control call and the console answered 500.
const BAD_COOKIE = { cookie: `${CONSOLE_KEY_COOKIE}=%E0%A4%A` };

describe('a console-key cookie that is not percent-encoding', () => {
  it('is no key: this machine is still answered', async () => {
    const { port } = await startOnEveryInterface();
    const here = { from: '127.0.0.1', host: '127.0.0.1', port };
    expect((await call({ ...here, path: '/console' }, BAD_COOKIE)).status).toBe(200);
    expect((await call({ ...here, path: '/control/conversations' }, BAD_COOKIE)).status).toBe(200);
  });
});

describe.skipIf(LAN_ADDRESS === null)(`calls from another machine's address (${LAN_ADDRESS})`, () => {
  const lan = LAN_ADDRESS!;

  it('refuses the control API, the one-time-code reader and the console, also with X-Forwarded-For: 127.0.0.1', async () => {
    const { server, port } = await startOnEveryInterface();
    const { id } = createConversation(server);
    const before = server.store.snapshot();
    const spoof = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' };
    const to = { from: lan, host: lan, port };
    for (const answer of [
      await call({ ...to, path: '/control/otp?phoneNumber=%2B15555550100' }, spoof),
      await call({ ...to, path: '/control/conversations' }, spoof),
      await call({ ...to, path: '/console' }, spoof),
      await call({ ...to, path: '/console/console.js' }),
      await call({ ...to, path: '/control/events' }),
      await call({ ...to, path: '/control/reset', method: 'POST', body: {} }, spoof),
      await call({ ...to, path: '/control/clock', method: 'POST', body: { advanceMs: 3_600_000 } }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('answer only on the computer running the demo');
    }
    // Nothing was reset, no clock moved.
    expect(server.store.getConversation(id)).not.toBeNull();
    expect(server.store.snapshot()).toEqual(before);
    expect(server.clock.offsetMs()).toBe(0);
  });

  it('serves the page what it needs: the business, a conversation, sign-in, health', async () => {
    const { port } = await startOnEveryInterface();
    const to = { from: lan, host: lan, port };
    expect((await call({ ...to, path: '/data/businesses/bella-vista-salon' })).status).toBe(200);
    expect((await call({ ...to, path: HEALTH_PATH })).status).toBe(200);
    const created = await call({
      ...to,
      path: DATA_ROUTES.conversations,
      method: 'POST',
      body: {
        businessId: 'bella-vista-salon',
        userId: null,
        userType: 'anonymous',
        contextType: 'general',
        isOutsideBusinessHours: false,
      },
    });
    expect(created.status).toBe(201);
    expect((await call({ ...to, path: IDENTITY_ROUTES.botCheck, method: 'POST', body: {} })).status).toBe(
      200,
    );
  });

  it('answers the same calls from this machine', async () => {
    const { port } = await startOnEveryInterface();
    const to = { from: '127.0.0.1', host: '127.0.0.1', port };
    expect((await call({ ...to, path: '/control/conversations' })).status).toBe(200);
    expect((await call({ ...to, path: '/console' })).status).toBe(200);
  });

  it('opens the console on another device through the key link, whose cookie carries the key on', async () => {
    const { port } = await startOnEveryInterface();
    const to = { from: lan, host: lan, port };
    const opened = await call({ ...to, path: `/console?key=${KEY}` });
    expect(opened.status).toBe(200);
    const cookie = opened.setCookie.find((line) => line.startsWith(`${CONSOLE_KEY_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const sent = { cookie: cookie!.split(';')[0]! };
    expect((await call({ ...to, path: '/control/conversations' }, sent)).status).toBe(200);
    expect((await call({ ...to, path: '/console/console.js' }, sent)).status).toBe(200);
    expect((await call({ ...to, path: `/console?key=${KEY}x` })).status).toBe(403);
    expect(
      (await call({ ...to, path: '/control/conversations' }, { cookie: `${CONSOLE_KEY_COOKIE}=nope` }))
        .status,
    ).toBe(403);
  });

  it('reads a console-key cookie that is not percent-encoding as no key (403)', async () => {
    const { port } = await startOnEveryInterface();
    const fromLan = await call({ from: lan, host: lan, port, path: '/control/conversations' }, BAD_COOKIE);
    expect(fromLan.status).toBe(403);
    expect(fromLan.body).toContain('permission-denied');
  });

  it('with CONTROL_FROM=anywhere (compose) answers every caller', async () => {
    const { port } = await startOnEveryInterface({ controlFrom: 'anywhere' });
    expect((await call({ from: lan, host: lan, port, path: '/control/conversations' })).status).toBe(200);
  });
});
