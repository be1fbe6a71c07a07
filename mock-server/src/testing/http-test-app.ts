/**
 * Shared set-up of the HTTP route tests: supertest against an app that never listens, a fixed
 * clock, and the checks every route test makes. Only for tests (it registers vitest hooks).
 */
import request from 'supertest';
import { afterEach, beforeEach, expect } from 'vitest';
import { CONTROL_CALL_HEADERS, DATA_ROUTES, ErrorBodySchema } from '@chat/core';
import type { Express } from 'express';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { createControllableClock } from '../clock.js';
import type { ControllableClock } from '../clock.js';
import { anonymousConversationBody, DEFAULT_BUSINESS_ID } from './test-server.js';

/** What the clock of `appPerTest` reads at the start of every test. */
export const TEST_NOW = 1_800_000_000_000;

/**
 * Builds a fresh app before each test, on a clock rewound to TEST_NOW, and closes it after the test.
 * Call it at the top of a test file; `server()` is the running test's app.
 */
export function appPerTest(): { server: () => ChatMockServer; clock: ControllableClock } {
  const clock = createControllableClock(() => TEST_NOW);
  let current: ChatMockServer | undefined;
  beforeEach(() => {
    clock.restore();
    current = createApp({ clock });
  });
  afterEach(() => current?.close());
  function server(): ChatMockServer {
    if (!current) throw new Error('appPerTest: the app exists only while a test runs');
    return current;
  }
  return { server, clock };
}

/** Expects an error body with this status and code, and a message naming `field` when given. */
export function expectError(res: request.Response, status: number, code: string, field?: string): void {
  expect(res.status).toBe(status);
  const { error } = ErrorBodySchema.parse(res.body);
  expect(error.code).toBe(code);
  if (field) expect(error.message).toContain(field);
}

/** Creates a conversation through the data API (as the holder of `token` when given), expecting 201. */
export async function postConversation(
  server: ChatMockServer,
  token?: string,
  body: object = anonymousConversationBody(),
): Promise<{ id: string; createdAt: number; expiredAt: number }> {
  const req = request(server.app).post(DATA_ROUTES.conversations).send(body);
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req;
  expect(res.status).toBe(201);
  return res.body as { id: string; createdAt: number; expiredAt: number };
}

/** A minimal valid body for POST /api/chat: `message` to the default business. */
export function chatSendBody(conversationId: string, message = 'hi') {
  return {
    message,
    conversationId,
    businessId: DEFAULT_BUSINESS_ID,
    profileId: 'default',
    userTimezone: 'UTC',
  };
}

/**
 * supertest for control calls as the developer's tools make them: state-changing methods carry
 * `content-type: application/json` and `X-Mock-Control: 1` (without them the server answers 403).
 */
export function controlApi(app: Express) {
  const agent = request(app);
  return {
    get: (path: string) => agent.get(path),
    post: (path: string) => agent.post(path).set(CONTROL_CALL_HEADERS),
    put: (path: string) => agent.put(path).set(CONTROL_CALL_HEADERS),
    delete: (path: string) => agent.delete(path).set(CONTROL_CALL_HEADERS),
  };
}
