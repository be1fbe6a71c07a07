import { useEffect, useEffectEvent, useRef, useState } from 'react';

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `task` once per `key` and returns its outcome, or null while it runs. When the key changes
 * the old outcome is no longer returned. StrictMode's second effect run (and any re-run for the same
 * key before the task settles) shares the first run's promise, so a lookup or a write happens once.
 */
export function useKeyedTask<T>(key: string, task: () => Promise<T>): TaskOutcome<T> | null {
  const job = useRef<{ key: string; promise: Promise<TaskOutcome<T>> } | null>(null);
  const [settled, setSettled] = useState<{ key: string; outcome: TaskOutcome<T> } | null>(null);
  const start = useEffectEvent(() =>
    task().then(
      (value): TaskOutcome<T> => ({ ok: true, value }),
      (error: unknown): TaskOutcome<T> => ({ ok: false, error }),
    ),
  );

  useEffect(() => {
    if (job.current?.key !== key) job.current = { key, promise: start() };
    const mine = job.current;
    let active = true;
    void mine.promise.then((outcome) => {
      if (!active) return;
      if (job.current === mine) job.current = null;
      setSettled({ key, outcome });
    });
    return () => {
      active = false;
    };
  }, [key]);

  return settled?.key === key ? settled.outcome : null;
}
