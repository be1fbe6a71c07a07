/**
 * Payloads a hostile or broken client sends that parse as JSON but must not be stored (issue 22): a
 * document nested too deep to be written back, text that is not well-formed Unicode, a time zone
 * that does not exist, and a foreign page's simple POST to a data route. Each is refused with a 4xx
 * naming what is wrong, and nothing stored changes — with and without a data file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, CONTROL_ROUTES, DATA_ROUTES } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { chatSendBody, controlApi, expectError } from '../testing/http-test-app.js';
import { createConversation, DEFAULT_BUSINESS_ID } from '../testing/test-server.js';

const servers: ChatMockServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modes = ['without a data file', 'with a data file'] as const;

function serverIn(mode: (typeof modes)[number]): ChatMockServer {
  let dataFile: string | null = null;
  if (mode === 'with a data file') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-hostile-'));
    dirs.push(dir);
    dataFile = path.join(dir, 'store.jsonl');
  }
  const server = createApp({ dataFile, watchScenarios: false });
  servers.push(server);
  return server;
}

/** An extra field of `depth` nested arrays, as raw JSON (JSON.stringify could not even write it). */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe.each(modes)('%s', (mode) => {
  it('refuses a business nested 6,000 deep with 400, stores nothing, and the public routes keep answering', async () => {
    const server = serverIn(mode);
    const business = server.store.getBusinessDocument(DEFAULT_BUSINESS_ID)!;
    const { id: _id, ...fields } = { ...business, handle: 'deepbiz' };
    const body = JSON.stringify(fields).replace(/}$/, `,"extra":${nested(6000)}}`);
    const res = await controlApi(server.app).put(CONTROL_ROUTES.business('deep-biz')).send(body);
    expectError(res, 400, 'invalid-argument', 'extra');
    expect(res.body.error.message).toContain('nested deeper than 64 levels');
    expect(server.store.getBusinessDocument('deep-biz')).toBeNull();
    expectError(await request(server.app).get(DATA_ROUTES.businessById('deep-biz')), 404, 'not-found');
    expectError(await request(server.app).get(DATA_ROUTES.businessByHandle('deepbiz')), 404, 'not-found');
    expect((await request(server.app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID))).status).toBe(200);
  });

  it('refuses a message whose text holds a lone surrogate with 400 naming the field', async () => {
    const server = serverIn(mode);
    const { id } = createConversation(server);
    for (const text of ['\ud800', 'ok \udc00 then', 'ends high \udbff']) {
      const res = await request(server.app)
        .post(DATA_ROUTES.messages(id))
        .type('json')
        .send(JSON.stringify({ role: 'user', text }));
      expectError(res, 400, 'invalid-argument', 'text: holds a lone surrogate');
    }
    const keyed = await request(server.app)
      .post(DATA_ROUTES.messages(id))
      .type('json')
      .send('{"role":"user","text":"hi","\\ud800":1}');
    expectError(keyed, 400, 'invalid-argument', 'a key holds a lone surrogate');
    expect(server.store.messages(id)).toEqual([]);
    // A pair is text like any other.
    const pair = await request(server.app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'user', text: 'cake 🎂' });
    expect(pair.status).toBe(201);
  });

  it('refuses a chat turn whose userTimezone is no IANA zone with 400, and stores no message', async () => {
    const server = serverIn(mode);
    const { id } = createConversation(server);
    for (const userTimezone of ['Mars/Olympus', '+01:00', 'America/New_York/x']) {
      const res = await request(server.app)
        .post(CHAT_PATH)
        .send({ ...chatSendBody(id, 'What are your hours?'), userTimezone });
      expectError(
        res,
        400,
        'invalid-argument',
        `userTimezone: unknown time zone ${JSON.stringify(userTimezone)}`,
      );
    }
    expect(server.store.messages(id)).toEqual([]);
    const ok = await request(server.app)
      .post(CHAT_PATH)
      .send({ ...chatSendBody(id, 'What are your hours?'), userTimezone: 'Europe/Madrid' });
    expect(ok.status).toBe(200);
  });

  it("refuses a foreign page's simple POST to a data route (no JSON content type) and sets nothing", async () => {
    const server = serverIn(mode);
    const { id } = createConversation(server);
    const simple = [
      request(server.app).post(DATA_ROUTES.signupFeedPosted(id)).set('Origin', 'http://evil.example'),
      request(server.app)
        .post(DATA_ROUTES.signupFeedPosted(id))
        .set('Origin', 'http://evil.example')
        .set('Content-Type', 'application/x-www-form-urlencoded'),
      request(server.app)
        .post(DATA_ROUTES.signupFeedPosted(id))
        .set('Origin', 'http://evil.example')
        .set('Content-Type', 'text/plain'),
    ];
    for (const res of await Promise.all(simple)) expectError(res, 415, 'invalid-argument', 'content-type');
    expect(server.store.getConversation(id)?.signupFeedPosted).toBe(false);
    // The page's own call: an empty JSON body.
    expect((await request(server.app).post(DATA_ROUTES.signupFeedPosted(id)).send({})).status).toBe(204);
    expect(server.store.getConversation(id)?.signupFeedPosted).toBe(true);
  });
});

describe('the store, below the routes', () => {
  it('refuses to store a business JSON cannot write back, and changes nothing', () => {
    const server = serverIn('without a data file');
    const deep = JSON.parse(`{"extra":${nested(6000)}}`) as Record<string, unknown>;
    const business = {
      ...server.store.getBusinessDocument(DEFAULT_BUSINESS_ID)!,
      id: 'deep-biz',
      handle: 'deepbiz',
      ...deep,
    };
    expect(() => server.store.putBusiness(business)).toThrow('cannot be written as JSON');
    expect(server.store.getBusinessDocument('deep-biz')).toBeNull();
  });
});
