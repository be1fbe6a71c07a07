import { ProviderError, type AuthProvider, type AuthUser } from '@chat/core';
import { describe, expect, it, vi } from 'vitest';
import { createLazyAuthProvider, SESSION_HINT_KEY } from './lazy-auth-provider.js';

const VISITOR: AuthUser = { uid: 'u1', phoneNumber: '+15555550100', displayName: null };

/** A loaded provider whose user the test moves, standing in for the Firebase Auth one. */
function fakeProvider(initial: AuthUser | null = null) {
  let user = initial;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const provider: AuthProvider = {
    currentUser: () => user,
    onUserChanged(listener) {
      listeners.add(listener);
      listener(user);
      return () => listeners.delete(listener);
    },
    startPhoneVerification: vi.fn(async (phoneNumber: string) => ({
      phoneNumber,
      confirm: async () => {
        setUser(VISITOR);
        return { ...VISITOR, isNewUser: false };
      },
    })),
    getIdToken: async () => (user ? `token-of-${user.uid}` : null),
    signOut: async () => setUser(null),
  };
  function setUser(next: AuthUser | null) {
    user = next;
    for (const listener of listeners) listener(next);
  }
  return { provider, setUser };
}

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('createLazyAuthProvider', () => {
  it('loads nothing until sign-in is needed, and reads as anonymous meanwhile', async () => {
    const load = vi.fn(async () => fakeProvider().provider);
    const auth = createLazyAuthProvider(load, memoryStorage());
    const seen: Array<AuthUser | null> = [];
    auth.onUserChanged((user) => seen.push(user));

    expect(auth.currentUser()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
    await auth.signOut();
    // Nothing to restore: conversation calls need not wait.
    await auth.sessionRestored();

    expect(load).not.toHaveBeenCalled();
    expect(seen).toEqual([null]);
  });

  it('starts loading when the widget appears, once, and signs in through the loaded provider', async () => {
    const { provider } = fakeProvider();
    const load = vi.fn(async () => provider);
    const storage = memoryStorage();
    const auth = createLazyAuthProvider(load, storage);
    const seen: Array<AuthUser | null> = [];
    auth.onUserChanged((user) => seen.push(user));

    auth.prepare?.();
    auth.prepare?.();
    const pending = await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' });
    await pending.confirm('123456');

    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.currentUser()).toEqual(VISITOR);
    expect(await auth.getIdToken()).toBe('token-of-u1');
    expect(seen).toEqual([null, VISITOR]);
    // Remembered, so the next page load restores the session at once.
    expect(storage.map.get(SESSION_HINT_KEY)).toBe('1');
  });

  it('restores a remembered session at start, and forgets it on sign-out', async () => {
    const { provider } = fakeProvider(VISITOR);
    const load = vi.fn(async () => provider);
    const storage = memoryStorage({ [SESSION_HINT_KEY]: '1' });
    const auth = createLazyAuthProvider(load, storage);
    const seen: Array<AuthUser | null> = [];
    auth.onUserChanged((user) => seen.push(user));

    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(auth.currentUser()).toEqual(VISITOR));
    expect(seen).toEqual([null, VISITOR]);

    await auth.sessionRestored();
    expect(auth.currentUser()).toEqual(VISITOR);

    await auth.signOut();
    expect(auth.currentUser()).toBeNull();
    expect(seen).toEqual([null, VISITOR, null]);
    expect(storage.map.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('forgets a hint whose session Firebase no longer has', async () => {
    const storage = memoryStorage({ [SESSION_HINT_KEY]: '1' });
    const auth = createLazyAuthProvider(async () => fakeProvider(null).provider, storage);

    await vi.waitFor(() => expect(storage.map.has(SESSION_HINT_KEY)).toBe(false));
    expect(auth.currentUser()).toBeNull();
  });

  it('passes a failed load to the verification and tries again next time', async () => {
    const { provider } = fakeProvider();
    const load = vi
      .fn<() => Promise<AuthProvider>>()
      .mockRejectedValueOnce(new ProviderError('unavailable', 'chunk failed to load'))
      .mockResolvedValueOnce(provider);
    const auth = createLazyAuthProvider(load);

    await expect(
      auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    const pending = await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' });

    expect(pending.phoneNumber).toBe('+15555550100');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('signs in where every call of the storage throws (a frame denied storage), keeping the hint in memory', async () => {
    const denied = () => {
      throw new Error('SecurityError: Access is denied for this document.');
    };
    const { provider } = fakeProvider();
    const auth = createLazyAuthProvider(async () => provider, {
      getItem: denied,
      setItem: denied,
      removeItem: denied,
    });
    await auth.sessionRestored();

    const pending = await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' });
    await pending.confirm('123456');
    expect(auth.currentUser()).toEqual(VISITOR);
    await auth.signOut();
    expect(auth.currentUser()).toBeNull();
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const { provider, setUser } = fakeProvider();
    const auth = createLazyAuthProvider(async () => provider);
    const seen: Array<AuthUser | null> = [];
    const stop = auth.onUserChanged((user) => seen.push(user));
    await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' });

    stop();
    setUser(VISITOR);

    expect(seen).toEqual([null]);
  });
});
