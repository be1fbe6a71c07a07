import { describe, expect, it, vi } from 'vitest';
import { ProviderError, type AuthUser, type ErrorCode } from '@chat/core';
import { createInMemoryAuth } from '@chat/contract/in-memory';

const anchor = { botCheckAnchorId: 'anchor' };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).code;
}

describe('createInMemoryAuth', () => {
  it('starts anonymous, signs in with the right code and tells listeners', async () => {
    const auth = createInMemoryAuth();
    const seen: Array<AuthUser | null> = [];
    const stop = auth.onUserChanged((user) => seen.push(user));
    expect(seen).toEqual([null]);
    expect(await auth.getIdToken()).toBeNull();

    const pending = await auth.startPhoneVerification('+15555550100', anchor);
    expect(pending.phoneNumber).toBe('+15555550100');
    const { isNewUser, ...user } = await pending.confirm('123456');
    expect(isNewUser).toBe(true);
    expect(user).toEqual({
      uid: expect.any(String),
      phoneNumber: '+15555550100',
      displayName: 'Test Visitor',
    });
    expect(auth.currentUser()).toEqual(user);
    expect(await auth.getIdToken()).toBe(`token-${user.uid}`);
    expect(seen).toEqual([null, user]);

    await auth.signOut();
    expect(auth.currentUser()).toBeNull();
    expect(seen).toEqual([null, user, null]);
    stop();
    stop();
    expect(auth.listenerCount()).toBe(0);
  });

  it('keeps the same uid for the same number', async () => {
    const auth = createInMemoryAuth();
    const first = await (await auth.startPhoneVerification('+15555550100', anchor)).confirm('123456');
    await auth.signOut();
    const second = await (await auth.startPhoneVerification('+15555550100', anchor)).confirm('123456');
    expect(second.uid).toBe(first.uid);
  });

  it('rejects numbers that are not +1 with ten digits', async () => {
    const auth = createInMemoryAuth();
    expect(await codeOf(auth.startPhoneVerification('5555550100', anchor))).toBe('invalid-phone-number');
    expect(await codeOf(auth.startPhoneVerification('+1555555010', anchor))).toBe('invalid-phone-number');
    expect(auth.sent).toHaveLength(0);
  });

  it('rejects a wrong code and a replayed verification', async () => {
    const auth = createInMemoryAuth({ codes: { '+12125550123': '654321' } });
    const pending = await auth.startPhoneVerification('+12125550123', anchor);
    expect(await codeOf(pending.confirm('123456'))).toBe('invalid-code');
    await pending.confirm('654321');
    expect(await codeOf(pending.confirm('654321'))).toBe('code-expired');
  });

  it('gives other numbers a random code readable with codeFor', async () => {
    const auth = createInMemoryAuth();
    const pending = await auth.startPhoneVerification('+13105550199', anchor);
    const code = auth.codeFor('+13105550199');
    expect(code).toMatch(/^\d{6}$/);
    await expect(pending.confirm(code!)).resolves.toMatchObject({
      phoneNumber: '+13105550199',
      displayName: null,
    });
  });

  it('fails the next send or confirm once, from options or failNext', async () => {
    const auth = createInMemoryAuth({ failNextSend: 'bot-check-failed' });
    expect(await codeOf(auth.startPhoneVerification('+15555550100', anchor))).toBe('bot-check-failed');
    const pending = await auth.startPhoneVerification('+15555550100', anchor);
    auth.failNext('confirm', 'code-expired');
    expect(await codeOf(pending.confirm('123456'))).toBe('code-expired');
    await expect(pending.confirm('123456')).resolves.toMatchObject({ phoneNumber: '+15555550100' });
  });

  it('refuses an unknown error code or step with a clear error', () => {
    const auth = createInMemoryAuth();
    expect(() => auth.failNext('send', 'nope' as ErrorCode)).toThrow('"nope" is not one of ERROR_CODES');
    expect(() => auth.failNext('other' as 'send', 'internal')).toThrow("step must be 'send' or 'confirm'");
  });

  it('records whether the bot-check anchor was in the document', async () => {
    const auth = createInMemoryAuth();
    const element = document.createElement('div');
    element.id = 'present';
    document.body.append(element);
    await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'present' });
    await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'absent' });
    element.remove();
    expect(auth.sent.map((s) => s.anchorFound)).toEqual([true, false]);
  });

  it('starts signed in with initialUser', async () => {
    const initialUser = { uid: 'u1', phoneNumber: '+15555550100', displayName: null };
    const auth = createInMemoryAuth({ initialUser });
    const listener = vi.fn();
    auth.onUserChanged(listener);
    expect(listener).toHaveBeenCalledWith(initialUser);
    expect(await auth.getIdToken()).toBe('token-u1');
  });
});
