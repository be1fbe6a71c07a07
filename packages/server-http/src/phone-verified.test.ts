import { ProviderError } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { phoneVerifiedUser } from './phone-verified.js';

function refusal(claims: Parameters<typeof phoneVerifiedUser>[0]): ProviderError {
  try {
    phoneVerifiedUser(claims);
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('the token was accepted');
}

describe('a phone-verified visitor (issue 27 item 5)', () => {
  it('is a token Firebase signed in with the phone provider, carrying the phone number', () => {
    expect(
      phoneVerifiedUser({ uid: 'u1', phone_number: '+15555550100', firebase: { sign_in_provider: 'phone' } }),
    ).toEqual({ uid: 'u1', phoneNumber: '+15555550100' });
  });

  it.each([
    ['a custom token', { sign_in_provider: 'custom' }, '"custom"'],
    ['an email account', { sign_in_provider: 'password' }, '"password"'],
    ['an anonymous account', { sign_in_provider: 'anonymous' }, '"anonymous"'],
    ['a token with no provider claim', undefined, 'no provider'],
  ])('is not %s, even with a phone number: 401 saying which provider', (_what, firebase, named) => {
    const error = refusal({ uid: 'u1', phone_number: '+15555550100', firebase });
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toContain(named);
    expect(error.message).toContain('not a phone number');
  });

  it('is not a phone sign-in without the phone number', () => {
    const error = refusal({ uid: 'u1', firebase: { sign_in_provider: 'phone' } });
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toContain('carries no phone number');
  });
});
