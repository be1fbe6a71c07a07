/**
 * The timers set while a first-read script's test runs: the script's later work (a frame's wait, the
 * largest paint's limit, the preloads after it, the Intl worker's start) is cleared after each test,
 * so none of it runs in the next test's document or once the DOM is gone ("document is not defined"
 * after a file's last test, on a busy machine). `recordTimers` in beforeEach (it stubs setTimeout, so
 * vi.unstubAllGlobals restores it), `clearTimers` in afterEach.
 */
import { vi } from 'vitest';

const timers: Array<ReturnType<typeof setTimeout>> = [];

export function recordTimers(): void {
  const setTimer = globalThis.setTimeout;
  vi.stubGlobal('setTimeout', ((...args: Parameters<typeof setTimeout>) => {
    const timer = setTimer(...args);
    timers.push(timer);
    return timer;
  }) as typeof setTimeout);
}

export function clearTimers(): void {
  for (const timer of timers.splice(0)) clearTimeout(timer);
}
