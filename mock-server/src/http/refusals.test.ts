/**
 * Requests refused before a route runs — by Node's HTTP parser, the router, the JSON body parser
 * or the console's static files — keep the error contract (README "Errors": the JSON error body,
 * a code from core's set that matches the status) and say what was refused.
 */
import http from 'node:http';
import net from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, DATA_ROUTES, ErrorBodySchema, errorCodeForStatus, HTTP_STATUS_BY_CODE } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { anonymousConversationBody, startTestServer } from '../testing/test-server.js';

const servers: ChatMockServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
function app() {
  const server = createApp();
  servers.push(server);
  return server;
}

/** The error body, after checking that its code fits the status (core's table or errorCodeForStatus). */
function refusal(status: number, body: unknown, expectedStatus: number) {
  expect(status).toBe(expectedStatus);
  const { error } = ErrorBodySchema.parse(body);
  expect(HTTP_STATUS_BY_CODE[error.code] === status || errorCodeForStatus(status) === error.code).toBe(true);
  return error;
}

/** Writes `raw` to the server as it is and reads the whole answer (the server closes the connection). */
async function rawRequest(url: string, raw: string): Promise<{ status: number; body: unknown }> {
  const { port, hostname } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(raw));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: body ? (JSON.parse(body) as unknown) : null };
}

describe('refused before a route runs', () => {
  it('names the path segment whose percent-encoding is malformed', async () => {
    const res = await request(app().app).get('/data/businesses/%E0%A4%A');
    const error = refusal(res.status, res.body, 400);
    expect(error.message).toMatch(
      /^path: the segment "%E0%A4%A" of \/data\/businesses\/%E0%A4%A is not valid percent-encoding/,
    );
  });

  it('says which console path it refuses, and answers a missing console file or a POST with a JSON 404', async () => {
    const server = app();
    let res = await request(server.app).get('/console/%2e%2e/%2e%2e/package.json');
    let error = refusal(res.status, res.body, 403);
    expect(error.message).toContain('"/console/%2e%2e/%2e%2e/package.json" is refused');
    res = await request(server.app).get('/console/no-such-file.js');
    error = refusal(res.status, res.body, 404);
    expect(error.message).toContain('/console/no-such-file.js');
    res = await request(server.app).post('/console/console.js').send({});
    error = refusal(res.status, res.body, 404);
    expect(error.message).toBe('No route POST /console/console.js');
  });

  it('refuses a charset other than utf-8 with 415 saying so, and stores nothing', async () => {
    const server = app();
    const res = await request(server.app)
      .post(DATA_ROUTES.conversations)
      .set('Content-Type', 'application/json; charset=latin1')
      .send(JSON.stringify(anonymousConversationBody()));
    const error = refusal(res.status, res.body, 415);
    expect(error).toEqual({
      code: 'invalid-argument',
      message: 'content-type: charset "latin1" is not supported; send JSON as utf-8',
    });
    expect(server.store.listConversations()).toEqual([]);
  });

  it('refuses JSON that is not an object as such, and text that is not JSON as not JSON', async () => {
    const server = app();
    for (const [body, message] of [
      ['null', 'body: must be a JSON object'],
      ['42', 'body: must be a JSON object'],
      ['"text"', 'body: must be a JSON object'],
      ['{"businessId": ', 'body: not valid JSON'],
      ['nul', 'body: not valid JSON'],
    ]) {
      const res = await request(server.app)
        .post(DATA_ROUTES.conversations)
        .set('Content-Type', 'application/json')
        .send(body!);
      expect(refusal(res.status, res.body, 400), body).toEqual({ code: 'invalid-argument', message });
    }
    expect(server.store.listConversations()).toEqual([]);
  });

  it('refuses a body that is not sent as application/json with 415 naming the content type', async () => {
    const server = app();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await request(server.app)
        .post(DATA_ROUTES.conversations)
        .set('Content-Type', type)
        .send(JSON.stringify(anonymousConversationBody()));
      const error = refusal(res.status, res.body, 415);
      expect(error.message).toBe(`content-type: must be application/json, got "${type}"`);
    }
    const untyped = await request(server.app).post(DATA_ROUTES.conversations);
    expect(refusal(untyped.status, untyped.body, 415).message).toContain(
      'content-type: missing; a data call that changes state needs "content-type: application/json"',
    );
    const missing = await request(server.app).post(CHAT_PATH);
    expect(refusal(missing.status, missing.body, 400).message).toBe(
      'body: missing; send a JSON object as application/json',
    );
    expect(server.store.listConversations()).toEqual([]);
  });

  it("answers a URL over Node's header limit, and a request that is not HTTP, with the JSON error body", async () => {
    const t = await startTestServer();
    servers.push(t.server);
    const long = await rawRequest(
      t.url,
      `GET /data/businesses/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(refusal(long.status, long.body, 431).message).toMatch(
      new RegExp(`^headers: the request line .* larger than ${http.maxHeaderSize} bytes`),
    );
    const garbage = await rawRequest(t.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(refusal(garbage.status, garbage.body, 400).message).toMatch(/^request: not valid HTTP/);
  });
});
