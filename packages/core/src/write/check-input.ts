import { runCheck, type Check } from '../check/check.js';
import { ProviderError } from '../errors.js';

/**
 * The checked value of an argument a provider is about to send, or a ProviderError 'invalid-argument'
 * naming it and what is wrong ("Invalid message: text: must be at most 2048 characters"); nothing is
 * sent then.
 */
export function checkInput<T>(check: Check<T>, value: unknown, name: string): T {
  const result = runCheck(check, value);
  if (!result.ok) throw new ProviderError('invalid-argument', `Invalid ${name}: ${result.problem}`);
  return result.value;
}
