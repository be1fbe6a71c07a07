import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  errorCodeForStatus,
  errorCodeOf,
  HTTP_STATUS_BY_CODE,
  isErrorCode,
  ProviderError,
} from './errors.js';

describe('ProviderError (errors crossing the provider interfaces carry a closed code)', () => {
  it('carries its code, message and optional status', () => {
    const error = new ProviderError('not-found', 'Business not found', 404);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ProviderError');
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('Business not found');
    expect(error.status).toBe(404);
  });

  it('uses the code as the message when none is given', () => {
    expect(new ProviderError('code-expired').message).toBe('code-expired');
    expect(new ProviderError('code-expired').status).toBeUndefined();
  });
});

describe('errorCodeOf', () => {
  it("returns a ProviderError's code", () => {
    expect(errorCodeOf(new ProviderError('too-many-requests'))).toBe('too-many-requests');
  });

  it("returns 'internal' for anything else, even when it looks like a code", () => {
    for (const value of [new Error('not-found'), 'not-found', { code: 'not-found' }, undefined, null]) {
      expect(errorCodeOf(value)).toBe('internal');
    }
  });
});

describe('isErrorCode', () => {
  it('accepts every code of the closed set and nothing else', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    for (const value of ['NOT-FOUND', 'auth/invalid-phone-number', '', 404, null, undefined]) {
      expect(isErrorCode(value)).toBe(false);
    }
  });

  it('includes the codes the §8 texts are chosen by', () => {
    for (const code of [
      'invalid-phone-number',
      'too-many-requests',
      'bot-check-failed',
      'bot-check-expired',
      'invalid-code',
      'code-expired',
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
  });
});

describe('errorCodeForStatus (the code for an HTTP status whose body names none)', () => {
  it.each([
    [400, 'invalid-argument'],
    [412, 'invalid-argument'],
    [413, 'invalid-argument'],
    [415, 'invalid-argument'],
    [416, 'invalid-argument'],
    [422, 'invalid-argument'],
    [431, 'invalid-argument'],
    [408, 'unavailable'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [429, 'too-many-requests'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
    [500, 'internal'],
    [418, 'internal'],
    [0, 'internal'],
  ] as const)('%i → %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe('HTTP_STATUS_BY_CODE', () => {
  it('gives every code an error status', () => {
    for (const code of ERROR_CODES) {
      expect(HTTP_STATUS_BY_CODE[code]).toBeGreaterThanOrEqual(400);
      expect(HTTP_STATUS_BY_CODE[code]).toBeLessThan(600);
    }
  });

  it('reads back the same code for the statuses that name exactly one', () => {
    for (const code of [
      'not-found',
      'permission-denied',
      'unauthenticated',
      'too-many-requests',
      'internal',
    ] as const) {
      expect(errorCodeForStatus(HTTP_STATUS_BY_CODE[code])).toBe(code);
    }
  });
});
