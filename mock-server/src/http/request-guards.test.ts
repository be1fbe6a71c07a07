/**
 * The attacks a web page the developer visits could make on the mock server: a cross-origin
 * "simple" request (no preflight) that changes state (CSRF), and a DNS-rebinding page whose own
 * host name resolves to 127.0.0.1 and reads one-time codes and conversations (Host check).
 */
import http from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  CONTROL_HEADER,
  CONTROL_ROUTES,
  DATA_ROUTES,
  HEALTH_PATH,
  IDENTITY_ROUTES,
} from '@chat/core';
import type { AppOptions } from '../app.js';
import { createConversation, DEFAULT_BUSINESS_ID, startTestServer } from '../testing/test-server.js';
import type { TestServer } from '../testing/test-server.js';
import { chatSendBody, controlApi, expectError } from '../testing/http-test-app.js';
import { allowedHostName, hostAllowlist, hostHeaderAllowed, hostName } from './request-guards.js';

const running: TestServer[] = [];
async function start(options: AppOptions = {}) {
  const t = await startTestServer(options);
  running.push(t);
  return t;
}
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
});

/** A raw HTTP GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, url), { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('state-changing control calls (CSRF)', () => {
  it("refuses a cross-origin page's simple POST /control/reset with 403 and wipes nothing", async () => {
    const { server } = await start();
    const { id } = createConversation(server);
    // What a form post or fetch(..., { mode: 'no-cors' }) from any web page sends without a preflight.
    const res = await request(server.app)
      .post(CONTROL_ROUTES.reset)
      .set('Origin', 'http://evil.example')
      .set('Content-Type', 'text/plain')
      .send('{}');
    expectError(res, 403, 'permission-denied', `${CONTROL_HEADER}: 1`);
    expect(server.store.getConversation(id)).not.toBeNull();
  });

  it('needs both content-type: application/json and X-Mock-Control: 1 on POST, PUT and DELETE', async () => {
    const { server } = await start();
    const { id } = createConversation(server);
    const business = server.store.getBusiness(DEFAULT_BUSINESS_ID)!;
    await controlApi(server.app).post(CONTROL_ROUTES.faults).send({ operation: 'chat', error: 500 });

    const attempts = [
      request(server.app).post(CONTROL_ROUTES.reset).set('Content-Type', 'application/json').send('{}'),
      request(server.app).post(CONTROL_ROUTES.reset).set(CONTROL_HEADER, '1'),
      request(server.app).post(CONTROL_ROUTES.reset).set(CONTROL_HEADER, 'yes').type('json').send('{}'),
      request(server.app)
        .put(CONTROL_ROUTES.business(DEFAULT_BUSINESS_ID))
        .send({ ...business, businessName: 'Taken Over' }),
      request(server.app).delete(CONTROL_ROUTES.faults),
      request(server.app).post(CONTROL_ROUTES.clock).send({ offsetMs: 86_400_000 }),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 403, 'permission-denied');
    expect(server.store.getConversation(id)).not.toBeNull();
    expect(server.store.getBusiness(DEFAULT_BUSINESS_ID)!.businessName).toBe(business.businessName);
    expect(server.faults.list()).toHaveLength(1);
    expect(server.clock.offsetMs()).toBe(0);

    // The developer's tools send both and are served.
    expect((await controlApi(server.app).post(CONTROL_ROUTES.reset)).status).toBe(200);
    expect(server.store.getConversation(id)).toBeNull();
    // Reads need no header.
    expect((await request(server.app).get(CONTROL_ROUTES.faults)).status).toBe(200);
  });

  it('lets an allowed origin send the control header after its preflight; a foreign origin is not allowed', async () => {
    const { server } = await start({ corsOrigins: ['http://localhost:5173'] });
    const preflight = (origin: string) =>
      request(server.app)
        .options(CONTROL_ROUTES.reset)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', `content-type,${CONTROL_HEADER.toLowerCase()}`);
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-headers']).toContain(CONTROL_HEADER);
    const foreign = await preflight('http://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the Host header (DNS rebinding)', () => {
  it('decides the same for a value it has seen before, and past the values it remembers', async () => {
    const t = await start();
    const app = request(t.server.app);
    // More distinct allowed values than the guard remembers (32), each asked twice.
    for (let port = 1; port <= 40; port++) {
      for (let round = 0; round < 2; round++) {
        expect((await app.get(HEALTH_PATH).set('Host', `localhost:${port}`)).status).toBe(200);
        expectError(await app.get(HEALTH_PATH).set('Host', `evil.example:${port}`), 403, 'permission-denied');
      }
    }
  });

  it('refuses a rebinding host on the control, data, identity and chat routes', async () => {
    const t = await start();
    const { id } = createConversation(t.server);
    const paths = [
      `${CONTROL_ROUTES.otp}?phone=%2B15555550100`,
      CONTROL_ROUTES.conversations,
      DATA_ROUTES.conversation(id),
      DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID),
      HEALTH_PATH,
    ];
    for (const path of paths) {
      const refused = await getWithHost(t.url, path, `evil.example:${new URL(t.url).port}`);
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'permission-denied' } });
      expect(refused.body).toContain('ALLOWED_HOSTS');
      expect((await getWithHost(t.url, path, `localhost:${new URL(t.url).port}`)).status, path).not.toBe(403);
    }
    const evil = request(t.server.app);
    expectError(
      await evil.post(IDENTITY_ROUTES.botCheck).set('Host', 'evil.example'),
      403,
      'permission-denied',
    );
    expectError(
      await evil.post(CHAT_PATH).set('Host', 'evil.example').send(chatSendBody(id)),
      403,
      'permission-denied',
    );
    expect(t.server.store.messages(id)).toEqual([]);
  });

  it('answers the names in allowedHosts (a compose service name) and the loopback names', async () => {
    const t = await start({ allowedHosts: ['mock-server', '0.0.0.0'] });
    const port = new URL(t.url).port;
    for (const host of [
      'mock-server',
      `mock-server:${port}`,
      'localhost',
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
    ]) {
      expect((await getWithHost(t.url, HEALTH_PATH, host)).status, host).toBe(200);
    }
    // A wildcard listen address names no host.
    expect((await getWithHost(t.url, HEALTH_PATH, `0.0.0.0:${port}`)).status).toBe(403);
  });

  it('refuses a socket.io connection whose Host is foreign', async () => {
    const t = await start();
    const handshake = '/socket.io/?EIO=4&transport=polling';
    expect((await getWithHost(t.url, handshake, 'evil.example')).status).toBe(403);
    expect((await getWithHost(t.url, handshake, 'localhost')).status).toBe(200);
  });
});

describe('host names', () => {
  it('parses Host headers and allowlist entries', () => {
    expect(hostName('LocalHost.:4000')).toBe('localhost');
    expect(hostName('[::1]:4000')).toBe('[::1]');
    expect(hostName('localhost@evil.example')).toBeNull();
    expect(hostName('evil.example/path')).toBeNull();
    expect(hostName('')).toBeNull();
    expect(allowedHostName('::1')).toBe('[::1]');
    expect(allowedHostName('mock-server')).toBe('mock-server');
    expect(allowedHostName('mock-server:4000')).toBeNull();
    expect(allowedHostName('http://mock-server')).toBeNull();
    const allowlist = hostAllowlist(['0.0.0.0', '::', 'Mock-Server']);
    expect([...allowlist]).toEqual(['localhost', '127.0.0.1', '[::1]', 'mock-server']);
    expect(hostHeaderAllowed(undefined, allowlist)).toBe(false);
    expect(hostHeaderAllowed('mock-server:80', allowlist)).toBe(true);
  });
});
