import { runInNewContext } from 'node:vm';
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

  it('is named by its content', () => {
    expect(firstReadScript(LOCAL).fileName).toMatch(/^assets\/first-read-[0-9a-f]{8}\.js$/);
    expect(firstReadScript(LOCAL).fileName).not.toBe(firstReadScript(FIREBASE).fileName);
  });
});
