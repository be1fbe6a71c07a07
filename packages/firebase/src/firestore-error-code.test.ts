import { ProviderError } from '@chat/core';
import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { firestoreErrorCode, toFirestoreProviderError } from './firestore-error-code.js';

describe('firestoreErrorCode', () => {
  it.each([
    ['not-found', 'not-found'],
    ['permission-denied', 'permission-denied'],
    ['unauthenticated', 'unauthenticated'],
    ['invalid-argument', 'invalid-argument'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'unavailable'],
    ['resource-exhausted', 'too-many-requests'],
    ['aborted', 'internal'],
    ['failed-precondition', 'internal'],
    ['already-exists', 'internal'],
    ['internal', 'internal'],
  ] as const)('maps %s to %s', (firestoreCode, expected) => {
    expect(firestoreErrorCode(new FirebaseError(firestoreCode, 'x'))).toBe(expected);
  });

  it('treats values without a string code as internal', () => {
    expect(firestoreErrorCode(new Error('boom'))).toBe('internal');
    expect(firestoreErrorCode({ code: 404 })).toBe('internal');
    expect(firestoreErrorCode(null)).toBe('internal');
    expect(firestoreErrorCode('permission-denied')).toBe('internal');
  });

  it('does not read auth codes as Firestore codes', () => {
    expect(firestoreErrorCode(new FirebaseError('auth/network-request-failed', 'x'))).toBe('internal');
  });
});

describe('toFirestoreProviderError', () => {
  it('keeps the SDK message and says what was being done', () => {
    const error = toFirestoreProviderError(
      new FirebaseError('permission-denied', 'Missing or insufficient permissions.'),
      'Saving the message',
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('Saving the message failed: Missing or insufficient permissions.');
  });

  it('passes a ProviderError through unchanged', () => {
    const original = new ProviderError('invalid-argument', 'bad');
    expect(toFirestoreProviderError(original, 'x')).toBe(original);
  });
});
