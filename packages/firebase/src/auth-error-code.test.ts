import { ProviderError, type ErrorCode } from '@chat/core';
import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { authErrorCode, toAuthProviderError, type AuthStep } from './auth-error-code.js';

const authError = (code: string) => new FirebaseError(`auth/${code}`, `Firebase: Error (auth/${code}).`);

describe('authErrorCode', () => {
  it.each<[string, ErrorCode]>([
    ['invalid-phone-number', 'invalid-phone-number'],
    ['missing-phone-number', 'invalid-phone-number'],
    ['too-many-requests', 'too-many-requests'],
    ['quota-exceeded', 'too-many-requests'],
    ['captcha-check-failed', 'bot-check-failed'],
    ['invalid-app-credential', 'bot-check-failed'],
    ['missing-app-credential', 'bot-check-failed'],
    ['invalid-recaptcha-token', 'bot-check-failed'],
    ['recaptcha-not-enabled', 'bot-check-unavailable'],
    ['invalid-verification-code', 'invalid-code'],
    ['missing-verification-code', 'invalid-code'],
    ['code-expired', 'code-expired'],
    ['session-expired', 'code-expired'],
    ['network-request-failed', 'unavailable'],
    ['internal-error', 'internal'],
    ['argument-error', 'internal'],
    ['operation-not-allowed', 'internal'],
  ])('maps auth/%s outside the bot-check step to %s', (code, expected) => {
    for (const step of ['send', 'confirm', 'other'] as AuthStep[]) {
      expect(authErrorCode(authError(code), step)).toBe(expected);
    }
  });

  it.each([
    'argument-error',
    'internal-error',
    'network-request-failed',
    'operation-not-supported-in-this-environment',
    'recaptcha-not-enabled',
  ])('maps auth/%s while the verifier starts to bot-check-unavailable', (code) => {
    expect(authErrorCode(authError(code), 'bot-check')).toBe('bot-check-unavailable');
  });

  it('keeps the specific meaning of other codes during the bot-check step', () => {
    expect(authErrorCode(authError('too-many-requests'), 'bot-check')).toBe('too-many-requests');
    expect(authErrorCode(authError('captcha-check-failed'), 'bot-check')).toBe('bot-check-failed');
  });

  it('reads a failure without a code as internal, or bot-check-unavailable while the check starts', () => {
    expect(authErrorCode(new TypeError('document is not defined'), 'send')).toBe('internal');
    expect(authErrorCode(new TypeError('document is not defined'), 'bot-check')).toBe(
      'bot-check-unavailable',
    );
  });

  it('does not accept Firestore codes without the auth/ prefix', () => {
    expect(authErrorCode(new FirebaseError('unavailable', 'x'), 'send')).toBe('internal');
  });
});

describe('toAuthProviderError', () => {
  it('wraps with the mapped code and the SDK message', () => {
    const error = toAuthProviderError(authError('code-expired'), 'confirm');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('code-expired');
    expect(error.message).toContain('auth/code-expired');
  });

  it('passes a ProviderError through unchanged', () => {
    const original = new ProviderError('bot-check-expired');
    expect(toAuthProviderError(original, 'send')).toBe(original);
  });
});
