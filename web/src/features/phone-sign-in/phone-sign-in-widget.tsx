/**
 * The phone sign-in shown inside an AI message (§2, §4 "Phone widget", §5, §8): phone entry, then
 * the one-time code, then a short success state before onSuccess. An expired code ('Please request a
 * new one', §8) comes with 'Send a new code', which sends one to the same number without going back to
 * the phone step. Talks only to the AuthProvider it is handed, so it works the same over the mock
 * server, Firebase or the in-memory provider of the tests.
 *
 * A request in flight is tracked in a ref as well as in state: two quick Enter presses arrive before
 * React re-renders the disabled button, and the ref is what stops the second one.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  OTP_LENGTH,
  PHONE_DIGITS,
  PHONE_PREFIX,
  ProviderError,
  errorCodeOf,
  formatPhone,
  sendCodeErrorText,
  toE164,
  verifyCodeErrorText,
  type AuthProvider,
  type ConfirmedUser,
  type PendingPhoneVerification,
} from '@chat/core';
import { ERROR_TEXT, PAGE_TEXT, UI_TEXT } from '../../lib/i18n/active-text.js';
import { CheckIcon } from '../../components/icons/check-icon.js';
import { CodeStep } from './code-step.js';
import { PhoneStep } from './phone-step.js';
import './phone-sign-in.css';

export interface PhoneSignInWidgetProps {
  auth: AuthProvider;
  /** Called once the code is confirmed, with the signed-in user. */
  onSuccess(user: ConfirmedUser): void;
  /** When given, a 'Cancel' button offers to leave the sign-in. */
  onCancel?(): void;
}

type Step = 'phone' | 'code' | 'verified';

export function PhoneSignInWidget({ auth, onSuccess, onCancel }: PhoneSignInWidgetProps) {
  // useId output contains characters that are legal in ids but awkward elsewhere (selectors); the bot
  // check looks its anchor up by id, so keep it to letters, digits, '-' and '_'.
  const idPrefix = `phone-sign-in-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const botCheckAnchorId = `${idPrefix}-bot-check`;

  const [step, setStep] = useState<Step>('phone');
  const [digits, setDigits] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Whether the error is an expired code, which a new code for the same number remedies.
  const [codeExpired, setCodeExpired] = useState(false);
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [returnedToPhone, setReturnedToPhone] = useState(false);
  const inFlight = useRef(false);
  const pending = useRef<PendingPhoneVerification | null>(null);

  // The sign-in code (Firebase Auth + reCAPTCHA) is not part of the page's first load; it starts
  // downloading now, while the visitor types the number.
  useEffect(() => {
    auth.prepare?.();
  }, [auth]);

  /** Runs `work` unless another request is in flight, with the busy state around it. */
  const runExclusive = async (task: 'sending' | 'verifying', work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setBusy(task);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  /** Shows `text` as the step's error; `expired` when it says the code has expired. */
  const fail = (text: string, expired = false) => {
    setError(text);
    setCodeExpired(expired);
  };

  /** Asks for a code for the number (again) and shows the code step for it, with an empty field. */
  const requestCode = () =>
    runExclusive('sending', async () => {
      try {
        pending.current = await auth.startPhoneVerification(toE164(digits), { botCheckAnchorId });
        setCode('');
        setStep('code');
      } catch (failure) {
        fail(sendCodeErrorText(failure, ERROR_TEXT));
      }
    });

  const sendCode = () => {
    if (inFlight.current) return;
    if (digits.length === 0) return fail(UI_TEXT.phoneRequired);
    // A short number cannot be sent; say so in the provider's own words without spending a bot check.
    if (digits.length < PHONE_DIGITS)
      return fail(sendCodeErrorText(new ProviderError('invalid-phone-number'), ERROR_TEXT));
    void requestCode();
  };

  const verifyCode = () => {
    const verification = pending.current;
    if (inFlight.current || !verification) return;
    if (code.length === 0) return fail(UI_TEXT.codeRequired);
    if (code.length < OTP_LENGTH)
      return fail(verifyCodeErrorText(new ProviderError('invalid-code'), ERROR_TEXT));
    void runExclusive('verifying', async () => {
      try {
        const user = await verification.confirm(code);
        setStep('verified');
        onSuccess(user);
      } catch (failure) {
        fail(verifyCodeErrorText(failure, ERROR_TEXT), errorCodeOf(failure) === 'code-expired');
      }
    });
  };

  const changeNumber = () => {
    if (inFlight.current) return;
    pending.current = null;
    setError(null);
    setCode('');
    setReturnedToPhone(true);
    setStep('phone');
  };

  return (
    <div className="phone-sign-in" role="group" aria-label={PAGE_TEXT.phoneVerification}>
      {step === 'phone' && (
        <PhoneStep
          idPrefix={idPrefix}
          digits={digits}
          onDigitsChange={(next) => {
            setDigits(next);
            setError(null);
          }}
          error={error}
          busy={busy !== null}
          focusOnMount={returnedToPhone}
          onSubmit={sendCode}
        />
      )}
      {step === 'code' && (
        <CodeStep
          idPrefix={idPrefix}
          phoneDisplay={`${PHONE_PREFIX} ${formatPhone(digits)}`}
          code={code}
          onCodeChange={(next) => {
            setCode(next);
            setError(null);
          }}
          error={error}
          busy={busy}
          onSubmit={verifyCode}
          onChangeNumber={changeNumber}
          // §8's expired-code text asks the visitor to request a new code: this is how.
          onSendNewCode={codeExpired ? () => void requestCode() : undefined}
        />
      )}
      {step === 'verified' && (
        <p className="phone-sign-in__verified" role="status">
          <CheckIcon size={20} className="phone-sign-in__check" />
          {PAGE_TEXT.phoneNumberVerified}
        </p>
      )}
      {onCancel && step !== 'verified' && (
        <button type="button" className="phone-sign-in__link phone-sign-in__cancel" onClick={onCancel}>
          {PAGE_TEXT.cancel}
        </button>
      )}
      {/* The invisible bot check attaches here (Firebase's RecaptchaVerifier needs an element id). */}
      <div id={botCheckAnchorId} className="phone-sign-in__bot-check" />
    </div>
  );
}
