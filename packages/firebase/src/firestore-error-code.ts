/**
 * Firestore failures → the closed set of core error codes, in one pure function so the table is
 * unit-tested without the SDK. Firestore's FirebaseError codes have no prefix ('permission-denied');
 * see https://firebase.google.com/docs/reference/js/firestore_.firestoreerrorcode.
 */
import { ProviderError, type ErrorCode } from '@chat/core';

const FIRESTORE_CODES: Readonly<Record<string, ErrorCode>> = {
  'not-found': 'not-found',
  'permission-denied': 'permission-denied',
  unauthenticated: 'unauthenticated',
  'invalid-argument': 'invalid-argument',
  unavailable: 'unavailable',
  // A request that timed out is as transient as an unreachable backend: the same retry advice applies.
  'deadline-exceeded': 'unavailable',
  // Quota or rate limits on the project.
  'resource-exhausted': 'too-many-requests',
};

/** The `code` property of a thrown value when it is a string (FirebaseError, or anything shaped like it). */
export function firebaseCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** The core code for a Firestore failure; anything unlisted (aborted, failed-precondition, …) is 'internal'. */
export function firestoreErrorCode(error: unknown): ErrorCode {
  const code = firebaseCodeOf(error);
  return (code !== undefined && FIRESTORE_CODES[code]) || 'internal';
}

/** Wraps a Firestore failure in a ProviderError that keeps the SDK's message and says what was being done. */
export function toFirestoreProviderError(error: unknown, doing: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderError(firestoreErrorCode(error), `${doing} failed: ${detail}`);
}
