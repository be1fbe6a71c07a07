/**
 * What the page keeps in the browser between loads — the local backend's session, the Firebase sign-in
 * hint, the tab's conversation id — goes through one small port, and through one guard that makes it
 * safe to use wherever the page runs.
 *
 * Why a guard: a browser may refuse storage altogether. Chromium denies a frame whose site differs from
 * the top page's (the embed snippet's iframe on a business's own site) both localStorage and
 * sessionStorage when third-party storage is blocked: merely reading `window.localStorage` throws a
 * SecurityError. Other browsers refuse writes (a full quota, some private modes). The chat must work all
 * the same; it simply forgets on reload.
 *
 * Limits: what the real storage refused lives in memory for the page's lifetime only — not shared with
 * other tabs, gone on reload.
 */

/** The part of the Web Storage API the page uses (`Storage` fits it). */
export interface KeyValueStore {
  /** The value under `key`, or null when there is none. */
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A store that never throws over the browser storage `open` returns (e.g. `() => window.localStorage`,
 * called here, inside a try, because the getter itself can throw). When `open` throws or gives nothing,
 * everything is kept in memory. Otherwise each call goes to the real storage, and a write or removal it
 * refuses is kept in memory instead, where later reads of that key find it: a read always sees the
 * latest write, whichever of the two took it.
 */
export function storageOrMemory(open: () => KeyValueStore | null | undefined): KeyValueStore {
  let storage: KeyValueStore | null;
  try {
    storage = open() ?? null;
  } catch {
    storage = null;
  }
  // Keys whose latest change the real storage refused: the value written, or null for a removal.
  const memory = new Map<string, string | null>();
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        if (!storage) throw new Error('no storage');
        storage.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    removeItem(key) {
      try {
        if (!storage) throw new Error('no storage');
        storage.removeItem(key);
        memory.delete(key);
      } catch {
        memory.set(key, null);
      }
    },
  };
}
