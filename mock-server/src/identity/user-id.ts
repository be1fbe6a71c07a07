import { createHash } from 'node:crypto';

/**
 * The uid of the account a phone number signs into. Derived from the number alone, so the same
 * phone always reaches the same account, across resets and restarts, without storing accounts.
 */
export function uidForPhone(phoneNumber: string): string {
  return 'u_' + createHash('sha256').update(phoneNumber).digest('hex').slice(0, 28);
}
