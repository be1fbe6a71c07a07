/**
 * Where the local auth provider keeps the signed-in session: a Storage (localStorage or
 * sessionStorage in a browser) when one is given, else only in memory.
 *
 * Limits: read once when the provider is created, so a sign-in or sign-out in another tab is
 * seen only after a reload; a storage that throws (denied to a third-party frame, quota, private
 * mode) degrades to memory (storageOrMemory in @chat/core).
 */
import { readSignInResult, storageOrMemory, type KeyValueStore, type SignInResult } from '@chat/core';

export const SESSION_STORAGE_KEY = 'chat.local.session';

export type StoredSession = SignInResult;

export interface SessionStore {
  /** The session in memory: what was stored at creation, or the last one saved. */
  get(): StoredSession | null;
  save(session: StoredSession): void;
  clear(): void;
}

export function createSessionStore(storage?: KeyValueStore): SessionStore {
  const safe = storage ? storageOrMemory(() => storage) : null;
  let current = safe ? readStored(safe) : null;
  return {
    get: () => current,
    save(session) {
      current = session;
      safe?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    },
    clear() {
      current = null;
      safe?.removeItem(SESSION_STORAGE_KEY);
    },
  };
}

/** The stored session if it is well-formed; anything else is removed and counts as signed out. */
function readStored(storage: KeyValueStore): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = readSignInResult(value);
  if (parsed.ok) return parsed.value;
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
}
