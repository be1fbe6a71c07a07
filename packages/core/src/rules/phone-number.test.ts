import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidE164,
  otpDigits,
  phoneDigits,
  toE164,
  withoutCountryCode,
} from './phone-number.js';

describe('phoneDigits (§5 phone field: digits only, at most 10)', () => {
  it('strips everything that is not a digit', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('555.123 45a67')).toBe('5551234567');
    expect(phoneDigits('abc')).toBe('');
    expect(phoneDigits('')).toBe('');
  });

  it('keeps at most the first 10 digits', () => {
    expect(phoneDigits('555123456789')).toBe('5551234567');
    expect(phoneDigits('(555) 123-4567 ext. 89')).toBe('5551234567');
  });

  // Regression (QA): "+1 (555) 555-0100" became (155) 555-5010 and a code went to +11555555010.
  it.each(['+1 (555) 555-0100', '+15555550100', '1-555-555-0100', '1 555 555 0100', '15555550100'])(
    'drops the country code 1 of the international form %j',
    (pasted) => {
      expect(phoneDigits(pasted)).toBe('5555550100');
      expect(toE164(pasted)).toBe('+15555550100');
    },
  );

  it('keeps the 10-digit rule for everything else', () => {
    // Ten digits, even with a leading 1, are the number as typed so far.
    expect(phoneDigits('1555555010')).toBe('1555555010');
    // Eleven digits not starting with 1: the extra digit is cut.
    expect(phoneDigits('55555501009')).toBe('5555550100');
    // Twelve or more digits are not the international form: the first ten are kept.
    expect(phoneDigits('155555501009')).toBe('1555555010');
  });
});

describe('withoutCountryCode', () => {
  it('drops a leading 1 from exactly 11 digits and leaves any other digits alone', () => {
    expect(withoutCountryCode('15555550100')).toBe('5555550100');
    expect(withoutCountryCode('25555550100')).toBe('25555550100');
    expect(withoutCountryCode('1555555010')).toBe('1555555010');
    expect(withoutCountryCode('155555501000')).toBe('155555501000');
    expect(withoutCountryCode('')).toBe('');
  });
});

describe('formatPhone (§5: shown as (XXX) XXX-XXXX while typing)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['(555) 123-45', '(555) 123-45'],
  ])('formats %j as %j', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it('shows only the digits of phoneDigits, in order, and loses none of them', () => {
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789 ()-+.ax٣') });
    fc.assert(
      fc.property(typed, (input) => {
        const shown = formatPhone(input);
        expect(shown.replace(/\D/g, '')).toBe(phoneDigits(input));
        expect(phoneDigits(shown)).toBe(phoneDigits(input));
        expect(formatPhone(shown)).toBe(shown);
      }),
    );
  });
});

describe('toE164 (§5: sent with a +1 prefix)', () => {
  it('prefixes the digits with +1', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('555-555-0100')).toBe('+15555550100');
    expect(isValidE164(toE164('(555) 123-4567'))).toBe(true);
  });
});

describe('isValidE164 (what the identity provider accepts: +1 and exactly 10 digits)', () => {
  it('accepts +1 followed by 10 digits', () => {
    expect(isValidE164('+15555550100')).toBe(true);
  });

  it.each([
    '',
    '+1',
    '+1555555010',
    '+155555501000',
    '15555550100',
    '+445555550100',
    '+1555555010a',
    '+1 5555550100',
  ])('rejects %j', (phone) => {
    expect(isValidE164(phone)).toBe(false);
  });
});

describe('otpDigits (§5 verification code: digits only, at most 6)', () => {
  it('strips non-digits', () => {
    expect(otpDigits('12-34 5')).toBe('12345');
    expect(otpDigits('abc')).toBe('');
  });

  it('keeps at most 6 digits', () => {
    expect(otpDigits('1234567')).toBe('123456');
    expect(otpDigits(' 123 456 789 ')).toBe('123456');
  });
});
