import { describe, expect, it } from 'vitest';
import { ProviderError } from '../errors.js';
import { sendCodeErrorText, verifyCodeErrorText } from './error-text.js';

// The expected texts are written out from §8 on purpose: a typo in the constants must fail here.

describe('sendCodeErrorText (§8 "Sending the code fails")', () => {
  it.each([
    ['invalid-phone-number', 'Failed to send verification code. Please check your phone number.'],
    ['too-many-requests', 'Failed to send verification code. Too many attempts. Please try again later.'],
    [
      'bot-check-failed',
      'Failed to send verification code. Security verification failed. Please refresh and try again.',
    ],
    ['unavailable', 'Failed to send verification code. Please try again.'],
    ['internal', 'Failed to send verification code. Please try again.'],
    ['invalid-code', 'Failed to send verification code. Please try again.'],
  ] as const)('%s → %j', (code, text) => {
    expect(sendCodeErrorText(new ProviderError(code))).toBe(text);
  });

  it('shows the bot-check texts of §8 for an expired or unavailable bot check', () => {
    expect(sendCodeErrorText(new ProviderError('bot-check-expired'))).toBe(
      'reCAPTCHA expired. Please try again.',
    );
    expect(sendCodeErrorText(new ProviderError('bot-check-unavailable'))).toBe(
      'Failed to initialize security verification. Please refresh and try again.',
    );
  });

  it('treats anything that is not a ProviderError as "otherwise"', () => {
    for (const error of [
      new Error('invalid-phone-number'),
      'too-many-requests',
      undefined,
      null,
      { code: 'invalid-phone-number' },
    ]) {
      expect(sendCodeErrorText(error)).toBe('Failed to send verification code. Please try again.');
    }
  });
});

describe('verifyCodeErrorText (§8 "Verifying fails")', () => {
  it.each([
    ['invalid-code', 'Invalid verification code. Please check the code and try again.'],
    ['code-expired', 'Invalid verification code. The code has expired. Please request a new one.'],
    ['too-many-requests', 'Invalid verification code. Please try again.'],
    ['unavailable', 'Invalid verification code. Please try again.'],
    ['internal', 'Invalid verification code. Please try again.'],
  ] as const)('%s → %j', (code, text) => {
    expect(verifyCodeErrorText(new ProviderError(code))).toBe(text);
  });

  it('treats anything that is not a ProviderError as "otherwise"', () => {
    expect(verifyCodeErrorText(new Error('invalid-code'))).toBe(
      'Invalid verification code. Please try again.',
    );
    expect(verifyCodeErrorText(undefined)).toBe('Invalid verification code. Please try again.');
  });
});
