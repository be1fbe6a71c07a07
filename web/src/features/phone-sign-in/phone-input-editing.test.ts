import { describe, expect, it } from 'vitest';
import { formatPhone } from '@chat/core';
import { caretAfterDigits, editPhone } from './phone-input-editing.js';

describe('editPhone', () => {
  it('keeps the digits of a typed character and where the caret is among them', () => {
    expect(editPhone('555', '(5551', 5, 'insertText')).toEqual({ digits: '5551', digitsBeforeCaret: 4 });
  });

  // Regression (QA): the international form became (155) 555-5010.
  it.each(['+1 (555) 555-0100', '+15555550100', '1-555-555-0100'])(
    'drops the country code of %j pasted into the empty field, caret after the last digit',
    (pasted) => {
      expect(editPhone('', pasted, pasted.length, 'insertFromPaste')).toEqual({
        digits: '5555550100',
        digitsBeforeCaret: 10,
      });
    },
  );

  it('drops the country code when the eleventh digit of 1 555 555 0100 is typed', () => {
    const shown = formatPhone('1555555010');
    expect(shown).toBe('(155) 555-5010');
    expect(editPhone('1555555010', `${shown}0`, shown.length + 1, 'insertText')).toEqual({
      digits: '5555550100',
      digitsBeforeCaret: 10,
    });
  });

  it('cuts an eleventh digit that does not follow a leading 1', () => {
    const shown = formatPhone('5555550100');
    expect(editPhone('5555550100', `${shown}7`, shown.length + 1, 'insertText')).toEqual({
      digits: '5555550100',
      digitsBeforeCaret: 10,
    });
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after the n-th digit of the formatted text', () => {
    expect(caretAfterDigits('(555) 555-0100', 0)).toBe(0);
    expect(caretAfterDigits('(555) 555-0100', 3)).toBe(4);
    expect(caretAfterDigits('(555) 555-0100', 10)).toBe(14);
  });
});
