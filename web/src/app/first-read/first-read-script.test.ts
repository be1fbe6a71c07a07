import { createContext, runInContext, runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { firstReadScript } from '../../../build/first-read-script.js';
import type { AppEnv } from '../../config/env.js';
import { FIRST_READ_GLOBAL } from './first-read.js';
import { FIREBASE_ENV, LOCAL_ENV } from './first-read-test-envs.js';

const LOCAL = LOCAL_ENV;
const FIREBASE = FIREBASE_ENV;

/** Runs the script as a page at `pathname` would; returns the URL it read, or null. */
function readOn(env: AppEnv, pathname: string): string | null {
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  const window: Record<string, unknown> = {};
  runInNewContext(firstReadScript(env).source, { window, location: { pathname }, fetch });
  const read = window[FIRST_READ_GLOBAL] as { url: string } | undefined;
  expect(fetch).toHaveBeenCalledTimes(read ? 1 : 0);
  return read ? read.url : null;
}

describe('the first-read script', () => {
  it('reads the business a chat address names, with or without a conversation, from the mock server', () => {
    const url = 'http://127.0.0.1:4000/data/businesses/bella-vista-salon';
    expect(readOn(LOCAL, '/chat/bella-vista-salon')).toBe(url);
    expect(readOn(LOCAL, '/chat/bella-vista-salon/c-123')).toBe(url);
    expect(readOn(LOCAL, '/chat/a%20b')).toBe('http://127.0.0.1:4000/data/businesses/a%20b');
  });

  it('reads the default business for /, which redirects to it', () => {
    expect(readOn(LOCAL, '/')).toBe('http://127.0.0.1:4000/data/businesses/bella-vista-salon');
  });

  it('reads nothing for a handle, another path or a malformed one', () => {
    expect(readOn(LOCAL, '/chat/@bellavista')).toBeNull();
    expect(readOn(LOCAL, '/somewhere/else')).toBeNull();
    expect(readOn(LOCAL, '/chat/a/b/c')).toBeNull();
    expect(readOn(LOCAL, '/chat/%E0%A4%A')).toBeNull();
  });

  it("reads the Firestore document over REST on Firebase (the emulator's when configured)", () => {
    expect(readOn(FIREBASE, '/chat/bella-vista-salon')).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-business-chat/databases/(default)/documents/businesses/bella-vista-salon',
    );
    const production = { ...FIREBASE, firebase: { ...FIREBASE.firebase!, firestoreEmulatorHost: undefined } };
    expect(firstReadScript(production).origin).toBe('https://firestore.googleapis.com');
  });

  it("starts itself as a worker, which loads Intl's date and time-zone data and reads nothing", () => {
    const src = 'http://127.0.0.1:5173/assets/first-read-0123abcd.js';
    const Worker = vi.fn();
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const document = { currentScript: { src }, readyState: 'complete', querySelector: () => null };
    const tasks: Array<() => void> = [];
    const setTimeout = (run: () => void) => tasks.push(run);
    const page = {
      window: {},
      location: { pathname: '/chat/bella-vista-salon' },
      fetch,
      Worker,
      document,
      setTimeout,
    };
    runInNewContext(firstReadScript(LOCAL).source, page);
    expect(fetch).toHaveBeenCalledOnce();
    // A task later: starting a worker is main-thread work, kept out of the task that starts the read.
    expect(Worker).not.toHaveBeenCalled();
    for (const task of tasks) task();
    expect(Worker).toHaveBeenCalledExactlyOnceWith(src);

    const formats: Intl.DateTimeFormatOptions[] = [];
    // A function, not an arrow: the script calls it with and without `new`, as Intl allows.
    const DateTimeFormat = vi.fn(function (_locale?: string, options: Intl.DateTimeFormatOptions = {}) {
      formats.push({ ...options });
      return { formatToParts: () => [], format: () => '', resolvedOptions: () => ({}) };
    });
    const close = vi.fn();
    const workerFetch = vi.fn();
    const worker = createContext({
      importScripts: () => undefined,
      close,
      fetch: workerFetch,
      DateTimeFormat,
    });
    runInContext('Intl.DateTimeFormat = DateTimeFormat;', worker);
    runInContext(firstReadScript(LOCAL).source, worker);
    expect(formats.some((options) => options.timeZone !== undefined && options.weekday === 'long')).toBe(
      true,
    );
    expect(formats.some((options) => options.dateStyle === 'medium')).toBe(true);
    expect(close).toHaveBeenCalledOnce();
    expect(workerFetch).not.toHaveBeenCalled();
  });

  it('is named by its content', () => {
    expect(firstReadScript(LOCAL).fileName).toMatch(/^assets\/first-read-[0-9a-f]{8}\.js$/);
    expect(firstReadScript(LOCAL).fileName).not.toBe(firstReadScript(FIREBASE).fileName);
  });
});
