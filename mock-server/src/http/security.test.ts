import http from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, CONTROL_ROUTES, DATA_ROUTES, ErrorBodySchema, IDENTITY_ROUTES } from '@chat/core';
import { createApp } from '../app.js';
import type { AppOptions, ChatMockServer } from '../app.js';
import {
  anonymousConversationBody,
  createConversation,
  DEFAULT_BUSINESS_ID,
  startTestServer,
} from '../testing/test-server.js';
import { chatSendBody, controlApi, expectError } from '../testing/http-test-app.js';

const servers: ChatMockServer[] = [];
function app(options: AppOptions = {}) {
  const server = createApp(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('headers', () => {
  it('sets security headers without HSTS', async () => {
    const res = await request(app().app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only from the allowlist', async () => {
    const server = app({ corsOrigins: ['http://localhost:5173'] });
    const allowed = await request(server.app)
      .get(CONTROL_ROUTES.health)
      .set('Origin', 'http://localhost:5173');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const refused = await request(server.app).get(CONTROL_ROUTES.health).set('Origin', 'http://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(server.app)
      .options(DATA_ROUTES.conversations)
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/i);
  });
});

describe('bodies', () => {
  it('answers 413 with a JSON error for a body over 64 KB, and 400 for malformed JSON', async () => {
    const server = app();
    const big = await request(server.app)
      .post(DATA_ROUTES.conversations)
      .send({ ...anonymousConversationBody(), pad: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect(ErrorBodySchema.parse(big.body).error.code).toBe('invalid-argument');
    const malformed = await request(server.app)
      .post(DATA_ROUTES.conversations)
      .set('Content-Type', 'application/json')
      .send('{"businessId": ');
    expect(malformed.status).toBe(400);
    expect(ErrorBodySchema.parse(malformed.body).error.message).toMatch(/JSON/);
    expect(server.store.listConversations()).toEqual([]);
  });

  it('refuses a declared Content-Length over the limit at once, before any of the body is sent', async () => {
    const t = await startTestServer();
    servers.push(t.server);
    const url = new URL(DATA_ROUTES.conversations, t.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      // Headers only: the answer must come without waiting for the 10 MB that were announced.
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'invalid-argument', message: `body: larger than ${64 * 1024} bytes` },
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(app().app).get('/no/such/route');
    expect(res.status).toBe(404);
    expect(ErrorBodySchema.parse(res.body).error).toEqual({
      code: 'not-found',
      message: 'No route GET /no/such/route',
    });
  });

  it('never leaks a stack trace from an unexpected failure', async () => {
    const server = app({
      assistant: {
        respond() {
          throw new Error('secret internals at /home/app/assistant.ts:42');
        },
      },
    });
    const { id } = createConversation(server);
    const res = await request(server.app).post(CHAT_PATH).send(chatSendBody(id));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'Internal server error' } });
    expect(res.text).not.toContain('secret');
  });
});

describe('rate limits', () => {
  it('limits the identity, chat and data endpoints per client, and a control reset clears the counters', async () => {
    const server = app({ rateLimit: { windowMs: 60_000, identityMax: 2, chatMax: 1, dataMax: 8 } });
    for (let i = 0; i < 2; i++)
      expect((await request(server.app).post(IDENTITY_ROUTES.botCheck)).status).toBe(200);
    expectError(await request(server.app).post(IDENTITY_ROUTES.botCheck), 429, 'too-many-requests');

    const { id } = createConversation(server);
    const body = chatSendBody(id);
    expect((await request(server.app).post(CHAT_PATH).send(body)).status).toBe(200);
    // As the production chat service answers a limited visitor: 429 with how long to wait.
    const limited = await request(server.app).post(CHAT_PATH).send(body);
    expectError(limited, 429, 'too-many-requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The data API has its own counter: 8 a minute here (6000 by default, DATA_RATE_LIMIT_PER_MINUTE).
    for (let i = 0; i < 8; i++) {
      expect((await request(server.app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID))).status).toBe(200);
    }
    expectError(
      await request(server.app).post(DATA_ROUTES.conversations).send(anonymousConversationBody()),
      429,
      'too-many-requests',
    );
    expect(server.store.listConversations()).toHaveLength(1);
    expect((await controlApi(server.app).post(CONTROL_ROUTES.reset)).status).toBe(200);
    expect((await request(server.app).post(IDENTITY_ROUTES.botCheck)).status).toBe(200);
    expect((await request(server.app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID))).status).toBe(200);
  });
});
