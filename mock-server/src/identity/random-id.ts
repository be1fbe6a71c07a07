import { randomBytes } from 'node:crypto';

/**
 * An unguessable opaque id (bot-check tokens, verification ids). These come from the system's
 * secure random source, not the injectable `random`, because guessing one would bypass a check.
 */
export function randomId(prefix: string): string {
  return prefix + randomBytes(18).toString('base64url');
}
