import type { ReactNode } from 'react';

/** A step's form: no browser validation (the widget checks and says what is wrong), submit without reload. */
export function StepForm({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <form
      className="phone-sign-in__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A step's submit button: while busy it is disabled, marked aria-busy and says what is happening. */
export function SubmitButton({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button-primary phone-sign-in__button" disabled={busy} aria-busy={busy}>
      {busy ? busyText : children}
    </button>
  );
}

/**
 * A step's error, announced as an alert and tied to its field by id (aria-describedby). The element
 * stays absent while there is no error, so an alert is announced each time one appears.
 */
export function StepError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="phone-sign-in__error" role="alert">
      {error}
    </p>
  );
}
