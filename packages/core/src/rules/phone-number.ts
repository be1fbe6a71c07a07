/** Digits in a US/Canada phone number without its country code (§9). */
export const PHONE_DIGITS = 10;
/** The only country code the widget sends (§5). */
export const PHONE_PREFIX = '+1';

/**
 * Digits without the country code 1 when there are exactly 11 of them and the first is 1. Visitors
 * often paste the international form ("+1 (555) 555-0100", "1-555-555-0100"); since the field is
 * +1 already and no US/Canada area code starts with 1, those 11 digits are the country code and the
 * number. Any other count is left to the 10-digit rule (§5), so a number still being typed is not
 * changed until its eleventh digit shows it was the international form.
 */
export function withoutCountryCode(digits: string): string {
  return digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** What the visitor typed, reduced to digits only (without a +1 country code) and at most 10 of them. */
export function phoneDigits(input: string): string {
  return withoutCountryCode(input.replace(/\D/g, '')).slice(0, PHONE_DIGITS);
}

/** Digits shown as (XXX) XXX-XXXX, progressively while they are typed. */
export function formatPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The number as sent to the identity provider: +1 followed by the digits. */
export function toE164(input: string): string {
  return `${PHONE_PREFIX}${phoneDigits(input)}`;
}

/** A +1 number with exactly ten digits (what the identity provider accepts). */
export function isValidE164(phone: string): boolean {
  return /^\+1\d{10}$/.test(phone);
}

/** Digits of a one-time code: digits only, at most 6 (§5). */
export const OTP_LENGTH = 6;
export function otpDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
