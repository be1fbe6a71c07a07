/**
 * Where the local auth provider keeps the signed-in session: a Storage (localStorage or
 * sessionStorage in a browser) when one is given, else only in memory.
 *
 * Limits: read once when the provider is created, so a sign-in or sign-out in another tab is
 * seen only after a reload; a storage that throws (quota, private mode) degrades to memory.
 */
import { readSignInResult, type SignInResult } from '@chat/core';

export const SESSION_STORAGE_KEY = 'chat.local.session';

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StoredSession = SignInResult;

export interface SessionStore {
  /** The session in memory: what was stored at creation, or the last one saved. */
  get(): StoredSession | null;
  save(session: StoredSession): void;
  clear(): void;
}

export function createSessionStore(storage?: SessionStorageLike): SessionStore {
  let current = storage ? readStored(storage) : null;
  return {
    get: () => current,
    save(session) {
      current = session;
      if (!storage) return;
      try {
        storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      } catch {
        // Storage full or disabled: the session still lives in memory for this page.
      }
    },
    clear() {
      current = null;
      removeStored(storage);
    },
  };
}

/** The stored session if it is well-formed; anything else is removed and counts as signed out. */
function readStored(storage: SessionStorageLike): StoredSession | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = readSignInResult(value);
  if (parsed.ok) return parsed.value;
  removeStored(storage);
  return null;
}

function removeStored(storage: SessionStorageLike | undefined): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing more can be done; the in-memory session is already cleared.
  }
}
