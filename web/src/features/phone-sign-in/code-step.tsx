import { useLayoutEffect, useRef } from 'react';
import { otpDigits } from '@chat/core';
import { PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { StepError, StepForm, SubmitButton } from './step-parts.js';

export interface CodeStepProps {
  idPrefix: string;
  /** The number the code went to, as shown: +1 (555) 555-0100. */
  phoneDisplay: string;
  code: string;
  onCodeChange(code: string): void;
  error: string | null;
  /** What the widget is busy with, if anything: sending a (new) code or verifying this one. */
  busy: 'sending' | 'verifying' | null;
  onSubmit(): void;
  onChangeNumber(): void;
  /** Given when the code has expired: the error then offers to send a new one to the same number. */
  onSendNewCode?(): void;
}

/**
 * Step 2: the six-digit one-time code (§2, §5). No maxLength: a pasted "123 456" would be cut before
 * its spaces are dropped, so otpDigits keeps digits first and then the first six.
 */
export function CodeStep({
  idPrefix,
  phoneDisplay,
  code,
  onCodeChange,
  error,
  busy,
  onSubmit,
  onChangeNumber,
  onSendNewCode,
}: CodeStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${idPrefix}-code`;
  const errorId = `${idPrefix}-code-error`;
  const promptId = `${idPrefix}-code-prompt`;

  // The code step replaces the phone step: move focus along so keyboard and screen-reader users
  // land where they need to type.
  // A layout effect: focus lands in the same commit that removed the phone step's button, so it never
  // counts as lost (web/src/lib/use-focus-rescue.ts).
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, []);

  return (
    <StepForm onSubmit={onSubmit}>
      <p id={promptId} className="phone-sign-in__prompt">
        {UI_TEXT.enterCodeSentTo} <strong className="phone-sign-in__number">{phoneDisplay}</strong>
      </p>
      <label className="phone-sign-in__label" htmlFor={inputId}>
        {UI_TEXT.verificationCodeLabel}
      </label>
      <div className="phone-sign-in__row">
        <input
          ref={inputRef}
          id={inputId}
          className={
            error
              ? 'phone-sign-in__input phone-sign-in__input--code phone-sign-in__input--invalid'
              : 'phone-sign-in__input phone-sign-in__input--code'
          }
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          placeholder={UI_TEXT.codePlaceholder}
          value={code}
          readOnly={busy !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${promptId} ${errorId}` : promptId}
          onChange={(event) => onCodeChange(otpDigits(event.target.value))}
        />
        <SubmitButton
          busy={busy !== null}
          busyText={busy === 'sending' ? PAGE_TEXT.sending : PAGE_TEXT.verifying}
        >
          {UI_TEXT.verify}
        </SubmitButton>
      </div>
      <StepError id={errorId} error={error}>
        {onSendNewCode && (
          <button
            type="button"
            className="phone-sign-in__remedy"
            onClick={() => {
              // The button goes with the error once sending starts; the field keeps the focus
              // for the new code.
              inputRef.current?.focus();
              onSendNewCode();
            }}
          >
            {PAGE_TEXT.sendNewCode}
          </button>
        )}
      </StepError>
      <button type="button" className="phone-sign-in__link" disabled={busy !== null} onClick={onChangeNumber}>
        {UI_TEXT.changeNumber}
      </button>
    </StepForm>
  );
}
