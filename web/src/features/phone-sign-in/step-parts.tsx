import { useLayoutEffect, useRef, type ReactNode } from 'react';

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
 * stays absent while there is no error, so an alert is announced each time one appears. `children`
 * is what the visitor can do about it (a new code after an expired one), shown with it.
 *
 * The error appears below the field the visitor is typing in, which can be the bottom edge of the
 * message area, right above the smart replies and the message box: it is scrolled into view, with its
 * remedy, each time it changes. To the centre, not just inside the edge, where the 'Jump to latest'
 * button floats; the widget is the latest message, so centring usually just ends the scroll at the
 * bottom, with the rest of the widget in view too.
 */
export function StepError({
  id,
  error,
  children,
}: {
  id: string;
  error: string | null;
  children?: ReactNode;
}) {
  const block = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (error) block.current?.scrollIntoView({ block: 'center' });
  }, [error]);
  if (!error) return null;
  return (
    <div ref={block} className="phone-sign-in__error-block">
      <p id={id} className="phone-sign-in__error" role="alert">
        {error}
      </p>
      {children}
    </div>
  );
}
