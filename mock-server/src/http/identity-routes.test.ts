import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotCheckTokenSchema, IDENTITY_ROUTES, SignInResultSchema } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { expectError } from '../testing/http-test-app.js';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp();
});
afterEach(() => server.close());

const post = (path: string, body?: object) => request(server.app).post(path).send(body);

async function botCheck(): Promise<string> {
  const res = await post(IDENTITY_ROUTES.botCheck);
  expect(res.status).toBe(200);
  return BotCheckTokenSchema.parse(res.body).token;
}

describe('identity routes', () => {
  it('signs in a test number with its fixed code and refreshes the token', async () => {
    const sent = await post(IDENTITY_ROUTES.sendCode, {
      phoneNumber: '+15555550100',
      botCheckToken: await botCheck(),
    });
    expect(sent.status).toBe(200);
    const verified = await post(IDENTITY_ROUTES.verifyCode, {
      verificationId: sent.body.verificationId,
      code: '123456',
    });
    expect(verified.status).toBe(200);
    const result = SignInResultSchema.parse(verified.body);
    expect(result.user).toMatchObject({ phoneNumber: '+15555550100', displayName: 'Test Visitor' });
    expect(await server.identity.verifyIdToken(result.idToken)).toEqual(result.user);
    const refreshed = await post(IDENTITY_ROUTES.refresh, { idToken: result.idToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user).toEqual(result.user);
  });

  it('gives other numbers a random code readable through the control API', async () => {
    const sent = await post(IDENTITY_ROUTES.sendCode, {
      phoneNumber: '+12125550123',
      botCheckToken: await botCheck(),
    });
    const otp = await request(server.app).get('/control/otp').query({ phone: '+12125550123' });
    expect(otp.body.code).toMatch(/^\d{6}$/);
    const verified = await post(IDENTITY_ROUTES.verifyCode, {
      verificationId: sent.body.verificationId,
      code: otp.body.code,
    });
    expect(verified.status).toBe(200);
  });

  it('maps each identity failure to its code and status', async () => {
    expectError(
      await post(IDENTITY_ROUTES.sendCode, { phoneNumber: '+44123', botCheckToken: await botCheck() }),
      400,
      'invalid-phone-number',
    );
    expectError(
      await post(IDENTITY_ROUTES.sendCode, { phoneNumber: '+15555550100', botCheckToken: 'forged' }),
      400,
      'bot-check-failed',
    );
    const stale = await botCheck();
    server.clock.setOffset(10 * 60 * 1000);
    expectError(
      await post(IDENTITY_ROUTES.sendCode, { phoneNumber: '+15555550100', botCheckToken: stale }),
      400,
      'bot-check-expired',
    );
    server.clock.restore();

    const sent = await post(IDENTITY_ROUTES.sendCode, {
      phoneNumber: '+15555550100',
      botCheckToken: await botCheck(),
    });
    expectError(
      await post(IDENTITY_ROUTES.verifyCode, { verificationId: sent.body.verificationId, code: '000000' }),
      400,
      'invalid-code',
    );
    server.clock.setOffset(6 * 60 * 1000);
    expectError(
      await post(IDENTITY_ROUTES.verifyCode, { verificationId: sent.body.verificationId, code: '123456' }),
      400,
      'code-expired',
    );
    server.clock.restore();

    for (let i = 0; i < 5; i++) {
      const ok = await post(IDENTITY_ROUTES.sendCode, {
        phoneNumber: '+12125550199',
        botCheckToken: await botCheck(),
      });
      expect(ok.status).toBe(200);
    }
    expectError(
      await post(IDENTITY_ROUTES.sendCode, { phoneNumber: '+12125550199', botCheckToken: await botCheck() }),
      429,
      'too-many-requests',
    );
    expectError(await post(IDENTITY_ROUTES.refresh, { idToken: 'not.a.token' }), 401, 'unauthenticated');
  });

  it('rejects malformed bodies with invalid-argument naming the field', async () => {
    for (const [path, body, field] of [
      [IDENTITY_ROUTES.sendCode, { phoneNumber: '+15555550100' }, 'botCheckToken'],
      [IDENTITY_ROUTES.sendCode, { phoneNumber: 5, botCheckToken: 'x' }, 'phoneNumber'],
      [IDENTITY_ROUTES.verifyCode, { verificationId: 'x', code: '' }, 'code'],
      [IDENTITY_ROUTES.refresh, {}, 'idToken'],
      [IDENTITY_ROUTES.botCheck, { hello: 1 }, 'hello'],
    ] as const) {
      const res = await post(path, body);
      expectError(res, 400, 'invalid-argument');
      expect(res.body.error.message).toContain(field);
    }
  });
});
