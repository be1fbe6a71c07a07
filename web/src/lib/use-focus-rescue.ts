import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/**
 * Keeps keyboard focus inside a part of the page when the element that has it is removed.
 *
 * A browser sends focus to <body> when the focused element leaves the document, so a keyboard or
 * screen-reader user who used a control that goes away once used (a suggested question, a smart
 * reply, the phone widget once verified, declined or cancelled) is thrown back to the top of the
 * page. Instead, focus moves to the first of `targets()` that can take it (connected, not disabled).
 *
 * It watches the container's DOM rather than each control, so whatever removes the element is
 * covered and no control has to know where focus goes next. It acts only when focus really was lost
 * (the active element is <body>): a control that moves focus on purpose while it is rendered (a
 * layout effect) keeps it. Returns the ref for the container.
 */
export function useFocusRescue<T extends HTMLElement>(
  targets: () => ReadonlyArray<HTMLElement | null>,
): RefObject<T | null> {
  const container = useRef<T>(null);
  const rescue = useEffectEvent(() => {
    const target = targets().find((element) => element?.isConnected && !element.matches(':disabled'));
    // The target is in view (the message box, the message area); do not jump the history.
    target?.focus({ preventScroll: true });
  });

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const document = root.ownerDocument;
    let focused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    // Mutation records arrive in a microtask after React's commit, when the focus has already fallen.
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected) return;
      focused = null;
      const active = document.activeElement;
      if (active === null || active === document.body) rescue();
    });
    root.addEventListener('focusin', onFocusIn);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  return container;
}
