import { useLayoutEffect, useRef } from 'react';
import { PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { PhoneNumberInput } from './phone-number-input.js';
import { StepError, StepForm, SubmitButton } from './step-parts.js';

export interface PhoneStepProps {
  idPrefix: string;
  digits: string;
  onDigitsChange(digits: string): void;
  error: string | null;
  busy: boolean;
  /** Focus the field on mount (when coming back from the code step). */
  focusOnMount: boolean;
  onSubmit(): void;
}

/** Step 1: the phone number, with a fixed +1 country code (§5). */
export function PhoneStep({
  idPrefix,
  digits,
  onDigitsChange,
  error,
  busy,
  focusOnMount,
  onSubmit,
}: PhoneStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${idPrefix}-phone`;
  const errorId = `${idPrefix}-phone-error`;

  // In the commit that removed the code step's button, as in CodeStep.
  useLayoutEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  return (
    <StepForm onSubmit={onSubmit}>
      <label className="phone-sign-in__label" htmlFor={inputId}>
        {PAGE_TEXT.phoneNumberLabel}
      </label>
      <div className="phone-sign-in__row">
        <div
          className={error ? 'phone-sign-in__phone phone-sign-in__phone--invalid' : 'phone-sign-in__phone'}
        >
          <span className="phone-sign-in__prefix" aria-hidden="true">
            +1
          </span>
          <PhoneNumberInput
            ref={inputRef}
            id={inputId}
            className="phone-sign-in__input phone-sign-in__input--phone"
            digits={digits}
            onDigitsChange={onDigitsChange}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <SubmitButton busy={busy} busyText={PAGE_TEXT.sending}>
          {UI_TEXT.sendCode}
        </SubmitButton>
      </div>
      <StepError id={errorId} error={error} />
    </StepForm>
  );
}
