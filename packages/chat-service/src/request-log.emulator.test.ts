/**
 * The operator's log on the emulators (issue 29 item 6): every refused request — 401, 400, 415, 404,
 * 409, 429 — leaves one structured line in Cloud Logging's shape with its refusal code and reason, and
 * no line ever carries the phone number, the token or the message text the request held. Runs in
 * `npm run test:firestore`; skipped without emulators.
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import { contractBusiness } from '@chat/contract';
import type { Business } from '@chat/core';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CALL_LIMITS } from './call-limit-settings.js';
import { cloudLogger } from './cloud-logger.js';
import { loggableReason } from './request-log.js';
import {
  callChat,
  emulatorsRunning,
  seedBusiness,
  seedConversation,
  startService,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

const PHONE = '+15555550123';
const SECRET_TEXT = 'my card number is 4111 1111 1111 1111, call me on +15555550123';
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.not-a-real-token.signature';
const APP_CHECK_TOKEN = 'app-check-token-never-logged';

interface LogLine {
  severity: string;
  message: string;
  httpRequest?: { requestMethod: string; requestUrl: string; status: number; latency: string };
  route?: string;
  status?: number;
  conversationId?: string;
  refusal?: { code: string; reason: string };
  appCheck?: string;
}

describe.skipIf(!emulatorsRunning)('one log line per request, without secrets', () => {
  const lines: string[] = [];
  let service: RunningService;
  let business: Business;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    service = await startService(turnAssistant(createBuiltInAssistant()), {
      logger: cloudLogger('info', sink),
      savedMessageWaitMs: 100,
      callLimits: { ...DEFAULT_CALL_LIMITS, conversationCalls: 1 },
      appCheck: {
        mode: 'monitor',
        verifier: { verifyToken: () => Promise.reject(new Error('not valid')) },
      },
    });
    business = contractBusiness();
    await seedBusiness(service.db, business);
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
  });

  /** The one line the request produced (lines are written when the answer is sent). */
  async function lineOf(call: () => Promise<{ status: number }>): Promise<LogLine> {
    const before = lines.length;
    const { status } = await call();
    await expect.poll(() => lines.length).toBeGreaterThan(before);
    const written = lines.slice(before).map((line) => JSON.parse(line) as LogLine);
    const requestLines = written.filter((line) => line.httpRequest);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]!.status).toBe(status);
    return requestLines[0]!;
  }

  const send = (conversationId: string, extra: Record<string, unknown> = {}) => ({
    message: SECRET_TEXT,
    conversationId,
    businessId: business.id,
    profileId: business.id,
    userTimezone: 'UTC',
    ...extra,
  });

  it('logs each refusal with its status, code and reason, in Cloud Logging’s structured shape', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const headers = { 'x-firebase-appcheck': APP_CHECK_TOKEN, 'x-visitor-phone': PHONE };

    const ok = await lineOf(() => callChat(service.url, send(conversationId), { headers }));
    expect(ok).toMatchObject({
      severity: 'INFO',
      status: 200,
      route: '/api/chat',
      conversationId,
      appCheck: 'invalid',
      httpRequest: { requestMethod: 'POST', requestUrl: '/api/chat', status: 200 },
    });
    expect(ok.httpRequest!.latency).toMatch(/^\d+\.\d{3}s$/);

    const refusals: Array<[number, string, () => Promise<{ status: number }>]> = [
      [
        401,
        'unauthenticated',
        () => callChat(service.url, send(conversationId), { idToken: ID_TOKEN, headers }),
      ],
      [
        400,
        'invalid-argument',
        () => callChat(service.url, send(conversationId, { phone: PHONE }), { headers }),
      ],
      [
        415,
        'invalid-argument',
        () =>
          fetch(`${service.url}/api/chat`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', authorization: `Bearer ${ID_TOKEN}` },
            body: SECRET_TEXT,
          }),
      ],
      [404, 'not-found', () => callChat(service.url, send('no-such-conversation'), { headers })],
      [404, 'not-found', () => fetch(`${service.url}/api/${PHONE}?phone=${PHONE}`, { method: 'POST' })],
      [
        409,
        'message-not-saved',
        async () =>
          callChat(
            service.url,
            send(await seedConversation(service.db, business.id), { messageId: 'never-saved' }),
            {
              headers,
            },
          ),
      ],
      // The conversation's one call is spent (conversationCalls: 1).
      [429, 'too-many-requests', () => callChat(service.url, send(conversationId), { headers })],
    ];
    for (const [status, code, call] of refusals) {
      const line = await lineOf(call);
      expect(line.severity, `${status}`).toBe('WARNING');
      expect(line.httpRequest?.status).toBe(status);
      expect(line.refusal?.code, `${status}`).toBe(code);
      expect(line.refusal?.reason.length, `${status}`).toBeGreaterThan(0);
    }

    for (const line of lines) {
      expect(line).not.toContain(PHONE);
      expect(line).not.toContain('5555550123');
      expect(line).not.toContain(ID_TOKEN);
      expect(line).not.toContain(APP_CHECK_TOKEN);
      expect(line).not.toContain('card number');
    }
  });

  it('masks a phone-like run of digits in a reason', () => {
    expect(loggableReason('No route POST /api/+1 555 555 0123')).toBe('No route POST /api/[digits]');
    expect(loggableReason('No route POST /api/212.555.0199')).toBe('No route POST /api/[digits]');
    expect(loggableReason('phone (212) 555-0199 here')).toBe('phone [digits] here');
    expect(loggableReason('No route POST /api/+1%20555%20555%200123')).toBe('No route POST /api/[digits]');
    // Short numbers (a status, a count, a port) are not phone numbers.
    expect(loggableReason('over 600 calls in 60 s on port 8080')).toBe('over 600 calls in 60 s on port 8080');
    expect(loggableReason('body: text: Too big: expected <=2000 characters')).toContain('2000');
  });
});
