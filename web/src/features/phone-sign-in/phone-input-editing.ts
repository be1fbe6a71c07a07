import { PHONE_DIGITS, formatPhone, withoutCountryCode } from '@chat/core';

/** What an edit of the formatted phone field leaves: the digits, and how many of them precede the caret. */
export interface PhoneEdit {
  digits: string;
  digitsBeforeCaret: number;
}

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/**
 * Applies an edit of the formatted field `(XXX) XXX-XXXX` to the digits behind it.
 *
 * Reformatting on every keystroke has two traps this avoids: the caret would jump to the end (so the
 * caret is tracked as a count of digits, which survives reformatting), and deleting a bracket, space
 * or dash would change nothing and get put back at once, leaving Backspace stuck (so deleting only
 * formatting deletes the digit next to it instead).
 */
export function editPhone(previousDigits: string, raw: string, caret: number, inputType: string): PhoneEdit {
  const typed = raw.replace(/\D/g, '');
  // A pasted or typed international form loses its leading 1; the caret keeps its place among the rest.
  const national = withoutCountryCode(typed);
  let digitsBeforeCaret = Math.max(0, countDigits(raw.slice(0, caret)) - (typed.length - national.length));
  let digits = national.slice(0, PHONE_DIGITS);
  const removedOnlyFormatting =
    typed === previousDigits &&
    raw.length < formatPhone(previousDigits).length &&
    inputType.startsWith('delete');
  if (removedOnlyFormatting) {
    const at = inputType === 'deleteContentForward' ? digitsBeforeCaret : digitsBeforeCaret - 1;
    if (at >= 0 && at < digits.length) {
      digits = digits.slice(0, at) + digits.slice(at + 1);
      digitsBeforeCaret = at;
    }
  }
  return { digits, digitsBeforeCaret: Math.min(digitsBeforeCaret, digits.length) };
}

/** The caret position in the formatted text just after its `n`-th digit (0 → the very start). */
export function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}
