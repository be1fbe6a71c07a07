import { useRef, type MouseEvent } from 'react';

/**
 * The guard of a set of one-shot choices (suggested questions, smart replies, 'Verify later'): one
 * press acts once. A choice sends the visitor's words or answers the phone sign-in, so a double click
 * must not send the question twice or decline twice.
 *
 * - The second click of a double click (`event.detail` counts the clicks of one gesture) is the same
 *   choice. This covers choices that finish at once and stay offered ('Contact Support').
 * - While the chosen action runs, any other press is ignored. A ref, not state: two presses can both
 *   arrive before React renders again (two quick Enter presses, a held-down Enter). Once the action
 *   has settled the choices work again; normally they are gone by then, but when sending failed they
 *   are still offered and the visitor can try once more.
 */
export function useOneChoiceAtATime<C>(act: (choice: C) => unknown): (choice: C, event: MouseEvent) => void {
  const running = useRef(false);
  return (choice, event) => {
    if (event.detail > 1 || running.current) return;
    running.current = true;
    // The executor runs `act` at once; a throw becomes a rejection, so the guard is always released.
    void new Promise((resolve) => resolve(act(choice))).finally(() => {
      running.current = false;
    });
  };
}
