import { describe, expect, it } from 'vitest';
import { uidForPhone } from './index.js';
import {
  OTHER_CODE,
  OTHER_PHONE,
  START,
  TEST_PHONE,
  identityHarness,
  thrownCode,
} from './identity-test-helpers.js';

describe('identity: bot check and one-time codes', () => {
  const harness = identityHarness();
  const { clock, log, make, send } = harness;

  describe('bot check', () => {
    it('issues a token that expires after two minutes by default', () => {
      const token = harness.identity.issueBotCheckToken();
      expect(token.token).toMatch(/^bc_[A-Za-z0-9_-]{20,}$/);
      expect(token.expiresAt).toBe(START + 2 * 60 * 1000);
      expect(harness.identity.issueBotCheckToken().token).not.toBe(token.token);
    });

    it('accepts a token once only', () => {
      const { token } = harness.identity.issueBotCheckToken();
      expect(harness.identity.sendCode(OTHER_PHONE, token).verificationId).toMatch(/^vr_/);
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, token))).toBe('bot-check-failed');
    });

    it('rejects unknown and garbage tokens with bot-check-failed', () => {
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, 'bc_not-issued-here'))).toBe(
        'bot-check-failed',
      );
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, '<script>'))).toBe('bot-check-failed');
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, ''))).toBe('bot-check-failed');
    });

    it('rejects an expired token with bot-check-expired, even after newer tokens were issued', () => {
      const { token } = harness.identity.issueBotCheckToken();
      clock.t += 2 * 60 * 1000;
      harness.identity.issueBotCheckToken();
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, token))).toBe('bot-check-expired');
      // Expired tokens are single-use too.
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, token))).toBe('bot-check-failed');
    });

    it('accepts a token up to the last millisecond of its life', () => {
      const { token, expiresAt } = harness.identity.issueBotCheckToken();
      clock.t = expiresAt - 1;
      expect(() => harness.identity.sendCode(OTHER_PHONE, token)).not.toThrow();
    });
  });

  describe('sendCode', () => {
    it.each([
      '+1555555010', // nine digits
      '+155555501000', // eleven digits
      '+10555550100', // area code starting 0
      '+11555550100', // area code starting 1
      '5555550100', // no +1
      '+445555550100', // not US/Canada
      '+1555555010a',
      ' +15555550100',
      '',
    ])('rejects %j with invalid-phone-number and leaves the bot-check token usable', (phone) => {
      const { token } = harness.identity.issueBotCheckToken();
      expect(thrownCode(() => harness.identity.sendCode(phone, token))).toBe('invalid-phone-number');
      expect(() => harness.identity.sendCode(OTHER_PHONE, token)).not.toThrow();
    });

    it('gives a test number its fixed code', async () => {
      const verificationId = send(TEST_PHONE);
      expect(harness.identity.lastCodeFor(TEST_PHONE)).toBe('123456');
      const result = await harness.identity.verifyCode(verificationId, '123456');
      expect(result.user).toEqual({
        uid: uidForPhone(TEST_PHONE),
        phoneNumber: TEST_PHONE,
        displayName: 'Test Visitor',
      });
    });

    it('reports isNewUser for the first sign-in of a number only, until a reset', async () => {
      const first = await harness.identity.verifyCode(send(TEST_PHONE), '123456');
      const again = await harness.identity.verifyCode(send(TEST_PHONE), '123456');
      const other = await harness.identity.verifyCode(send(OTHER_PHONE), OTHER_CODE);
      expect([first.isNewUser, again.isNewUser, other.isNewUser]).toEqual([true, false, true]);
      harness.identity.reset();
      expect((await harness.identity.verifyCode(send(TEST_PHONE), '123456')).isNewUser).toBe(true);
    });

    it('gives other numbers a random six-digit code, logged and readable through lastCodeFor', async () => {
      expect(harness.identity.lastCodeFor(OTHER_PHONE)).toBeNull();
      const verificationId = send(OTHER_PHONE);
      expect(harness.identity.lastCodeFor(OTHER_PHONE)).toBe(OTHER_CODE);
      expect(log).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ phoneNumber: OTHER_PHONE, code: OTHER_CODE }),
      );
      const result = await harness.identity.verifyCode(verificationId, OTHER_CODE);
      expect(result.user).toEqual({
        uid: uidForPhone(OTHER_PHONE),
        phoneNumber: OTHER_PHONE,
        displayName: null,
      });
    });

    it('keeps codes six digits at both ends of the random range', () => {
      const low = make({ random: () => 0 });
      send(OTHER_PHONE, low);
      expect(low.lastCodeFor(OTHER_PHONE)).toBe('000000');
      const high = make({ random: () => 0.9999999999 });
      send(OTHER_PHONE, high);
      expect(high.lastCodeFor(OTHER_PHONE)).toBe('999999');
    });

    it('makes up crypto-random codes when no random source is given', () => {
      const plain = make({ random: undefined });
      send(OTHER_PHONE, plain);
      expect(plain.lastCodeFor(OTHER_PHONE)).toMatch(/^\d{6}$/);
    });

    it('returns a different opaque verification id for every send', () => {
      const first = send(OTHER_PHONE);
      const second = send(OTHER_PHONE);
      expect(first).not.toBe(second);
      expect(first).not.toContain(OTHER_PHONE.slice(2));
    });

    it('limits sends per number to five an hour, per number, and allows more after the hour', () => {
      for (let i = 0; i < 5; i++) send(OTHER_PHONE);
      expect(thrownCode(() => send(OTHER_PHONE))).toBe('too-many-requests');
      expect(() => send('+13105550199')).not.toThrow();
      clock.t += 60 * 60 * 1000 - 1;
      expect(thrownCode(() => send(OTHER_PHONE))).toBe('too-many-requests');
      clock.t += 1;
      expect(() => send(OTHER_PHONE)).not.toThrow();
    });

    it('honours a configured send limit and exempts test numbers from it', () => {
      const strict = make({ maxSendsPerNumberPerHour: 1 });
      send(OTHER_PHONE, strict);
      expect(thrownCode(() => send(OTHER_PHONE, strict))).toBe('too-many-requests');
      for (let i = 0; i < 10; i++) send(TEST_PHONE, strict);
    });
  });

  describe('verifyCode', () => {
    it('rejects a wrong code with invalid-code and still accepts the right one afterwards', async () => {
      const id = send(OTHER_PHONE);
      await expect(harness.identity.verifyCode(id, '999999')).rejects.toMatchObject({ code: 'invalid-code' });
      await expect(harness.identity.verifyCode(id, '')).rejects.toMatchObject({ code: 'invalid-code' });
      await expect(harness.identity.verifyCode(id, OTHER_CODE)).resolves.toMatchObject({
        user: { phoneNumber: OTHER_PHONE },
      });
    });

    it('burns the code after five wrong attempts: then even the right code gets too-many-requests', async () => {
      const id = send(OTHER_PHONE);
      for (let i = 0; i < 5; i++) {
        await expect(harness.identity.verifyCode(id, '000001')).rejects.toMatchObject({
          code: 'invalid-code',
        });
      }
      await expect(harness.identity.verifyCode(id, OTHER_CODE)).rejects.toMatchObject({
        code: 'too-many-requests',
      });
    });

    it('allows the right code after four wrong attempts', async () => {
      const id = send(OTHER_PHONE);
      for (let i = 0; i < 4; i++) await expect(harness.identity.verifyCode(id, '000001')).rejects.toThrow();
      await expect(harness.identity.verifyCode(id, OTHER_CODE)).resolves.toBeDefined();
    });

    it('honours a configured attempt limit', async () => {
      const strict = make({ maxAttemptsPerCode: 1 });
      const id = send(OTHER_PHONE, strict);
      await expect(strict.verifyCode(id, '000001')).rejects.toMatchObject({ code: 'invalid-code' });
      await expect(strict.verifyCode(id, OTHER_CODE)).rejects.toMatchObject({ code: 'too-many-requests' });
    });

    it('expires a code after five minutes by the injected clock', async () => {
      const early = send(OTHER_PHONE);
      clock.t += 5 * 60 * 1000 - 1;
      await expect(harness.identity.verifyCode(early, OTHER_CODE)).resolves.toBeDefined();
      const late = send(OTHER_PHONE);
      clock.t += 5 * 60 * 1000;
      await expect(harness.identity.verifyCode(late, OTHER_CODE)).rejects.toMatchObject({
        code: 'code-expired',
      });
    });

    it('consumes the code on success', async () => {
      const id = send(TEST_PHONE);
      await harness.identity.verifyCode(id, '123456');
      await expect(harness.identity.verifyCode(id, '123456')).rejects.toMatchObject({ code: 'code-expired' });
    });

    it('keeps only the latest code of a number', async () => {
      const first = send(TEST_PHONE);
      const second = send(TEST_PHONE);
      await expect(harness.identity.verifyCode(first, '123456')).rejects.toMatchObject({
        code: 'code-expired',
      });
      await expect(harness.identity.verifyCode(second, '123456')).resolves.toBeDefined();
    });

    it('treats an unknown verification id as expired', async () => {
      await expect(harness.identity.verifyCode('vr_unknown', '123456')).rejects.toMatchObject({
        code: 'code-expired',
      });
    });
  });
});
