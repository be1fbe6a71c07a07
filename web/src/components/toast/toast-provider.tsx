/**
 * Short notices at the bottom centre of the screen (§8 toasts, §9 timing).
 *
 * A toast stays about 3.7 s (TOAST_DURATION_MS) unless dismissed; the same text shown again within
 * 800 ms (TOAST_DEDUPE_MS) is dropped, so a key held down past the limit does not stack copies. The
 * live region is rendered before any toast exists, because screen readers only announce changes to a
 * region they already know about.
 */
import { PAGE_TEXT } from '../../lib/i18n/active-text.js';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_DURATION_MS, shouldShowToast } from '@chat/core';
import { CloseIcon } from '../icons/close-icon.js';
import './toast.css';

export interface ToastApi {
  /** Shows `text` as a toast, unless the same text was shown less than 800 ms ago. */
  show(text: string): void;
}

interface Toast {
  id: number;
  text: string;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastShown = useRef(new Map<string, number>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (text: string) => {
      if (!shouldShowToast(lastShown.current, text, Date.now())) return;
      const id = nextId.current++;
      setToasts((list) => [...list, { id, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-label={PAGE_TEXT.notifications}>
        {toasts.map((toast) => (
          <div key={toast.id} className="toast-region__toast">
            <span className="toast-region__text">{toast.text}</span>
            <button
              type="button"
              className="toast-region__dismiss"
              aria-label={PAGE_TEXT.dismissNotification}
              onClick={() => dismiss(toast.id)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error('useToast must be used inside <ToastProvider>: wrap the app (or the test render) in it.');
  }
  return api;
}
