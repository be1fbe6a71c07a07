/** Awaiting a provider call that must fail, for the unit tests. */
import { ProviderError } from '@chat/core';
import { expect } from 'vitest';

/** Awaits `promise`, expects it to reject with a ProviderError, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
