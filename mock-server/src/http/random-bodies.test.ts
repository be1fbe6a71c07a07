/**
 * Property test (issue 3 "Done when"): thousands of random and nearly-valid bodies thrown at the data
 * API and /api/chat get only 4xx JSON errors, never crash the server, and leave the store unchanged.
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATH, DATA_ROUTES, ErrorBodySchema } from '@chat/core';
import type { Snapshot } from '../store/journal-entry.js';
import type { TestServer } from '../testing/test-server.js';
import { createConversation, DEFAULT_BUSINESS_ID, signIn, startTestServer } from '../testing/test-server.js';

/** One keep-alive connection for the whole run: thousands of requests stay quick. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

let t: TestServer;
let conversationId: string;
let signedInToken: string;
let before: Snapshot;

beforeAll(async () => {
  t = await startTestServer({
    rateLimit: { windowMs: 60_000, identityMax: 100_000, chatMax: 100_000, dataMax: 100_000 },
  });
  conversationId = createConversation(t.server).id;
  signedInToken = (await signIn(t.server)).idToken;
  before = t.server.store.snapshot();
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Target {
  method: 'POST' | 'PATCH';
  path: () => string;
  valid: () => Record<string, unknown>;
  /** Keys whose absence is still valid (they have defaults or are optional). */
  optional?: string[];
  /**
   * The route answers 401 to anonymous callers before it looks at the body: send a valid token
   * whenever the run draws none, so the bodies themselves are what gets rejected.
   */
  signedIn?: boolean;
}

const targets: Record<string, Target> = {
  createConversation: {
    method: 'POST',
    path: () => DATA_ROUTES.conversations,
    valid: () => ({
      businessId: DEFAULT_BUSINESS_ID,
      userId: null,
      userType: 'anonymous',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
    }),
    optional: ['contextType'],
  },
  addMessage: {
    method: 'POST',
    path: () => DATA_ROUTES.messages(conversationId),
    valid: () => ({ role: 'user', text: 'Hello', type: 'system' }),
    optional: ['type'],
  },
  lastMessage: {
    method: 'PATCH',
    path: () => DATA_ROUTES.lastMessage(conversationId),
    valid: () => ({ lastMessage: { text: 'Hello', sender: 'user', sentAt: 1, messageId: 'm1' } }),
  },
  feed: {
    method: 'POST',
    signedIn: true,
    path: () => DATA_ROUTES.feed(DEFAULT_BUSINESS_ID),
    valid: () => ({
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: null,
      conversationId,
      message: 'A customer signed up.',
    }),
  },
  chatSend: {
    method: 'POST',
    path: () => CHAT_PATH,
    valid: () => ({
      message: 'What are your hours?',
      conversationId,
      businessId: DEFAULT_BUSINESS_ID,
      profileId: 'default',
      contextType: 'enduser',
      userTimezone: 'UTC',
    }),
    optional: ['contextType'],
  },
  chatResume: {
    method: 'POST',
    path: () => CHAT_PATH,
    valid: () => ({
      conversationId,
      businessId: DEFAULT_BUSINESS_ID,
      profileId: 'default',
      userTimezone: 'UTC',
      resume: {
        respond: [
          {
            toolRequest: { name: 'requestPhoneSignIn' },
            response: { requiresAuth: true, action: 'PHONE_SIGN_IN_DECLINED', message: 'x', declined: true },
          },
        ],
      },
    }),
  },
};

/** A value no field of these bodies accepts (every field is a scalar or needs keys). */
const wrongValue = fc.constantFrom<unknown>([], {}, [1], { unexpected: true });

/** A valid body made invalid for sure: a field dropped, a field of the wrong kind, or an unknown key. */
function nearlyValid(target: Target) {
  const keys = Object.keys(target.valid());
  const required = keys.filter((key) => !target.optional?.includes(key));
  return fc.oneof(
    fc.constantFrom(...required).map((key) => {
      const body = target.valid();
      delete body[key];
      return body;
    }),
    fc
      .tuple(fc.constantFrom(...keys), wrongValue)
      .map(([key, value]) => ({ ...target.valid(), [key]: value })),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !keys.includes(key)),
        fc.jsonValue(),
      )
      .map(([key, value]) => ({ ...target.valid(), [key]: value })),
  );
}

/** Anything at all: JSON values of every shape (never an object with exactly the right fields). */
const randomJson = fc.jsonValue({ maxDepth: 3 });
/** Text that is mostly not JSON, sent as application/json. */
const rawText = fc.string({ maxLength: 200 });
const bearer = fc.option(fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/), { nil: undefined });

function rawRequest(method: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const { port } = new URL(t.url);
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function send(target: Target, body: { json: unknown } | { raw: string }, randomToken?: string) {
  const token = randomToken ?? (target.signedIn ? signedInToken : undefined);
  const headers = {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const payload = 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? '');
  const { status, text } = await rawRequest(target.method, target.path(), headers, payload);
  expect(status, `${target.method} ${target.path()} ${text}`).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  ErrorBodySchema.parse(JSON.parse(text));
}

describe('random bodies', () => {
  for (const [name, target] of Object.entries(targets)) {
    it(`${name}: only 4xx, no crash, nothing stored`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            nearlyValid(target).map((json) => ({ json })),
            randomJson.map((json) => ({ json })),
            rawText.filter((raw) => !isJson(raw)).map((raw) => ({ raw })),
          ),
          bearer,
          (body, token) => send(target, body, token),
        ),
        { numRuns: 340 },
      );
    }, 60_000);
  }

  it('left the store unchanged and the server answering', async () => {
    expect(t.server.store.snapshot()).toEqual(before);
    expect((await fetch(`${t.url}/control/health`)).status).toBe(200);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
