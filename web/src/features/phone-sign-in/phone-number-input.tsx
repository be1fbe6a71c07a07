import { useLayoutEffect, useRef, type InputHTMLAttributes, type RefObject } from 'react';
import { formatPhone } from '@chat/core';
import { UI_TEXT } from '../../lib/i18n/active-text.js';
import { caretAfterDigits, editPhone } from './phone-input-editing.js';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

export interface PhoneNumberInputProps extends NativeProps {
  /** The digits (at most 10), without the +1. */
  digits: string;
  onDigitsChange(digits: string): void;
  /** The field's element, for the parent to focus it. */
  ref?: RefObject<HTMLInputElement | null>;
}

/** A US/Canada number field that keeps digits only and shows them as (XXX) XXX-XXXX while typing. */
export function PhoneNumberInput({ digits, onDigitsChange, ref: outerRef, ...rest }: PhoneNumberInputProps) {
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = outerRef ?? ownRef;
  const pendingCaret = useRef<number | null>(null);
  const formatted = formatPhone(digits);

  useLayoutEffect(() => {
    const input = ref.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    }
    pendingCaret.current = null;
  });

  return (
    <input
      {...rest}
      ref={ref}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={UI_TEXT.phonePlaceholder}
      value={formatted}
      onChange={(event) => {
        const input = event.target;
        const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
        const edit = editPhone(digits, input.value, input.selectionStart ?? input.value.length, inputType);
        pendingCaret.current = caretAfterDigits(formatPhone(edit.digits), edit.digitsBeforeCaret);
        onDigitsChange(edit.digits);
      }}
    />
  );
}
