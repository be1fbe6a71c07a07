import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Identity, IdentityOptions } from './index.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, uidForPhone } from './index.js';
import {
  OTHER_CODE,
  OTHER_PHONE,
  SECRET,
  START,
  TEST_PHONE,
  identityHarness,
  thrownCode,
} from './identity-test-helpers.js';

describe('identity: ID tokens, reset and options', () => {
  const harness = identityHarness();
  const { clock, make, send } = harness;

  describe('ID tokens', () => {
    async function signInTestNumber(target: Identity = harness.identity) {
      return target.verifyCode(send(TEST_PHONE, target), '123456');
    }

    it('signs a JWT with the issuer, audience, subject, phone, name and clock-based times', async () => {
      const result = await signInTestNumber();
      const claims = decodeJwt(result.idToken);
      expect(claims).toMatchObject({
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        sub: uidForPhone(TEST_PHONE),
        phone_number: TEST_PHONE,
        name: 'Test Visitor',
        iat: START / 1000,
        exp: START / 1000 + 3600,
      });
      expect(result.expiresAt).toBe(START + 60 * 60 * 1000);
      await expect(harness.identity.verifyIdToken(result.idToken)).resolves.toEqual(result.user);
    });

    it('accepts a token until its expiry by the injected clock, not the wall clock', async () => {
      const { idToken, expiresAt } = await signInTestNumber();
      clock.t = expiresAt - 1;
      await expect(harness.identity.verifyIdToken(idToken)).resolves.toBeDefined();
      clock.t = expiresAt;
      await expect(harness.identity.verifyIdToken(idToken)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
    });

    it('honours a configured token lifetime', async () => {
      const short = make({ tokenTtlMs: 10_000 });
      const { idToken, expiresAt } = await signInTestNumber(short);
      expect(expiresAt).toBe(START + 10_000);
      clock.t += 10_000;
      await expect(short.verifyIdToken(idToken)).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('rejects tampered, foreign, unsigned and garbage tokens', async () => {
      const { idToken } = await signInTestNumber();
      const [header, payload, signature] = idToken.split('.') as [string, string, string];
      const forged = Buffer.from(JSON.stringify({ ...decodeJwt(idToken), sub: 'u_someone_else' })).toString(
        'base64url',
      );
      const foreign = await new SignJWT({ phone_number: TEST_PHONE })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject('u_x')
        .setIssuedAt(START / 1000)
        .setExpirationTime(START / 1000 + 3600)
        .sign(new Uint8Array(32).fill(9));
      const wrongAudience = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience('someone-else')
        .setSubject('u_x')
        .setIssuedAt(START / 1000)
        .setExpirationTime(START / 1000 + 3600)
        .sign(SECRET);
      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      const bad = [
        `${header}.${forged}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -2)}AA`,
        foreign,
        wrongAudience,
        unsigned,
        'not-a-jwt',
        '',
      ];
      for (const token of bad) {
        await expect(harness.identity.verifyIdToken(token), token).rejects.toMatchObject({
          code: 'unauthenticated',
        });
      }
    });

    it('counts a token as a verified visitor only when it says phone sign-in and carries the number, as Firebase does (issue 27 item 5)', async () => {
      const { idToken } = await signInTestNumber();
      expect(decodeJwt(idToken)).toMatchObject({
        phone_number: TEST_PHONE,
        firebase: { sign_in_provider: 'phone' },
      });
      const signed = (claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setSubject('u_x')
          .setIssuedAt(START / 1000)
          .setExpirationTime(START / 1000 + 3600)
          .sign(SECRET);
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ phone_number: TEST_PHONE }, 'no provider, not a phone number'],
        [
          { phone_number: TEST_PHONE, firebase: { sign_in_provider: 'password' } },
          '"password", not a phone number',
        ],
        [{ firebase: { sign_in_provider: 'phone' } }, 'carries no phone number'],
      ];
      for (const [claims, reason] of refusals) {
        await expect(harness.identity.verifyIdToken(await signed(claims))).rejects.toMatchObject({
          code: 'unauthenticated',
          message: expect.stringContaining(reason),
        });
      }
      await expect(
        harness.identity.verifyIdToken(
          await signed({ phone_number: TEST_PHONE, firebase: { sign_in_provider: 'phone' } }),
        ),
      ).resolves.toMatchObject({ uid: 'u_x', phoneNumber: TEST_PHONE });
    });

    it('rejects tokens of another process secret', async () => {
      const { idToken } = await signInTestNumber(make({ secret: undefined }));
      await expect(harness.identity.verifyIdToken(idToken)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
    });

    it('refreshes a valid token into a later one for the same user', async () => {
      const first = await signInTestNumber();
      clock.t += 30 * 60 * 1000;
      const second = await harness.identity.refresh({ idToken: first.idToken });
      expect(second.user).toEqual(first.user);
      expect(second.expiresAt).toBe(clock.t + 60 * 60 * 1000);
      await expect(harness.identity.verifyIdToken(second.idToken)).resolves.toEqual(first.user);
    });

    it('refuses to refresh an expired or invalid token', async () => {
      const { idToken, expiresAt } = await signInTestNumber();
      await expect(harness.identity.refresh({ idToken: 'garbage' })).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      clock.t = expiresAt;
      await expect(harness.identity.refresh({ idToken })).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    // Issue 19, point 2: a verified visitor broke once the ID token's hour (or a clock move) was past.
    it('gets a new ID token from the refresh token after the ID token has expired, and never takes one for the other', async () => {
      const first = await signInTestNumber();
      expect(first.refreshToken).toEqual(expect.any(String));
      clock.t = first.expiresAt + 2 * 60 * 60 * 1000;
      await expect(harness.identity.verifyIdToken(first.idToken)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      const renewed = await harness.identity.refresh({ refreshToken: first.refreshToken! });
      await expect(harness.identity.verifyIdToken(renewed.idToken)).resolves.toEqual(first.user);
      await expect(harness.identity.verifyIdToken(first.refreshToken!)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      await expect(harness.identity.refresh({ refreshToken: renewed.idToken })).rejects.toMatchObject({
        code: 'unauthenticated',
      });
    });

    it('derives the same uid for the same phone, across instances, and different uids for different phones', async () => {
      const a = await signInTestNumber();
      const b = await signInTestNumber(make());
      expect(a.user.uid).toBe(b.user.uid);
      expect(a.user.uid).toMatch(/^u_[0-9a-f]{28}$/);
      expect(uidForPhone(OTHER_PHONE)).not.toBe(a.user.uid);
    });
  });

  describe('reset', () => {
    it('clears codes, attempts, rate counters and bot-check tokens but keeps ID tokens valid', async () => {
      const signedIn = await harness.identity.verifyCode(send(TEST_PHONE), '123456');
      const pending = send(OTHER_PHONE);
      for (let i = 0; i < 4; i++) send(OTHER_PHONE);
      const { token } = harness.identity.issueBotCheckToken();

      harness.identity.reset();

      expect(harness.identity.lastCodeFor(OTHER_PHONE)).toBeNull();
      expect(harness.identity.lastCodeFor(TEST_PHONE)).toBeNull();
      await expect(harness.identity.verifyCode(pending, OTHER_CODE)).rejects.toMatchObject({
        code: 'code-expired',
      });
      expect(thrownCode(() => harness.identity.sendCode(OTHER_PHONE, token))).toBe('bot-check-failed');
      for (let i = 0; i < 5; i++) send(OTHER_PHONE);
      await expect(harness.identity.verifyIdToken(signedIn.idToken)).resolves.toEqual(signedIn.user);
    });
  });

  describe('options', () => {
    it.each<[string, Partial<IdentityOptions>, RegExp]>([
      ['a malformed test number', { testNumbers: { '555-0100': { code: '123456' } } }, /555-0100/],
      [
        'a test code that is not six digits',
        { testNumbers: { [TEST_PHONE]: { code: '12345' } } },
        /six digits/,
      ],
      ['a short secret', { secret: new Uint8Array(8) }, /secret/],
      ['a zero lifetime', { codeTtlMs: 0 }, /codeTtlMs/],
      ['a fractional limit', { maxAttemptsPerCode: 2.5 }, /maxAttemptsPerCode/],
    ])('rejects %s with an error naming it', (_label, overrides, message) => {
      expect(() => make(overrides)).toThrow(message);
    });
  });
});
