import { IDENTITY_ROUTES, type AuthUser, type SignInResult } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { createLocalAuthProvider, TOKEN_REFRESH_MARGIN_MS } from './local-auth-provider.js';
import { SESSION_STORAGE_KEY } from './session-store.js';
import {
  createFakeFetch,
  createMemoryStorage,
  errorBody,
  json,
  type FakeHandler,
} from './testing/fake-fetch.js';
import { rejection } from './testing/provider-rejection.js';

const SERVER = 'http://identity.test';
const HOUR = 60 * 60 * 1000;
const user: AuthUser = { uid: 'u_1', phoneNumber: '+15555550100', displayName: 'Test Visitor' };

function signIn(idToken: string, expiresAt: number): SignInResult {
  return { user, idToken, expiresAt };
}

/** An identity server that accepts code 123456 for any number and issues tokens valid one hour. */
function identityRoutes(clock: { now: number }, overrides: Record<string, FakeHandler> = {}) {
  let issued = 0;
  return {
    [`POST ${IDENTITY_ROUTES.botCheck}`]: () => json(200, { token: 'bc-1', expiresAt: clock.now + 60_000 }),
    [`POST ${IDENTITY_ROUTES.sendCode}`]: () => json(200, { verificationId: 'vr-1' }),
    [`POST ${IDENTITY_ROUTES.verifyCode}`]: ({ body }: { body: unknown }) =>
      (body as { code: string }).code === '123456'
        ? json(200, signIn(`token-${++issued}`, clock.now + HOUR))
        : errorBody(400, 'invalid-code'),
    [`POST ${IDENTITY_ROUTES.refresh}`]: () => json(200, signIn(`token-${++issued}`, clock.now + HOUR)),
    ...overrides,
  };
}

describe('createLocalAuthProvider', () => {
  it('runs the bot check, sends the code with its token, and signs in on confirm', async () => {
    const clock = { now: 1_000_000 };
    const { fetch, calls } = createFakeFetch(identityRoutes(clock));
    const storage = createMemoryStorage();
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage, now: () => clock.now });
    const seen: (AuthUser | null)[] = [];
    auth.onUserChanged((u) => seen.push(u));

    const pending = await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'ignored' });
    expect(pending.phoneNumber).toBe('+15555550100');
    expect(calls.map((c) => c.path)).toEqual([IDENTITY_ROUTES.botCheck, IDENTITY_ROUTES.sendCode]);
    expect(calls[1]?.body).toEqual({ phoneNumber: '+15555550100', botCheckToken: 'bc-1' });

    const signedIn = await pending.confirm('123456');

    // The server's isNewUser flag comes through; the fake server's answer carries none (false).
    expect(signedIn).toEqual({ ...user, isNewUser: false });
    expect(calls[2]).toMatchObject({
      path: IDENTITY_ROUTES.verifyCode,
      body: { verificationId: 'vr-1', code: '123456' },
    });
    expect(auth.currentUser()).toEqual(user);
    expect(await auth.getIdToken()).toBe('token-1');
    expect(seen).toEqual([null, user]);
    expect(JSON.parse(storage.items.get(SESSION_STORAGE_KEY) ?? 'null')).toEqual(
      signIn('token-1', clock.now + HOUR),
    );
  });

  it('maps an unreachable bot check to bot-check-unavailable and sends no code', async () => {
    const { calls } = createFakeFetch({});
    const fetch: typeof globalThis.fetch = async () => {
      calls.push({ method: 'POST', path: 'x', headers: {}, body: undefined });
      throw new TypeError('fetch failed');
    };
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch });

    const error = await rejection(auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' }));

    expect(error.code).toBe('bot-check-unavailable');
    expect(calls).toHaveLength(1);
  });

  it('passes on the bot check failure codes the server names', async () => {
    const clock = { now: 0 };
    const { fetch } = createFakeFetch(
      identityRoutes(clock, {
        [`POST ${IDENTITY_ROUTES.botCheck}`]: () => errorBody(400, 'bot-check-failed'),
      }),
    );
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch });

    expect(
      (await rejection(auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' }))).code,
    ).toBe('bot-check-failed');
  });

  it.each(['invalid-phone-number', 'too-many-requests', 'bot-check-expired'] as const)(
    'passes on %s from the send step',
    async (code) => {
      const clock = { now: 0 };
      const { fetch } = createFakeFetch(
        identityRoutes(clock, { [`POST ${IDENTITY_ROUTES.sendCode}`]: () => errorBody(400, code) }),
      );
      const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch });

      const error = await rejection(auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' }));
      expect(error.code).toBe(code);
    },
  );

  it('rejects an empty phone number as invalid-phone-number without sending it', async () => {
    const clock = { now: 0 };
    const { fetch, callsTo } = createFakeFetch(identityRoutes(clock));
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch });

    const error = await rejection(auth.startPhoneVerification('', { botCheckAnchorId: 'a' }));

    expect(error.code).toBe('invalid-phone-number');
    expect(callsTo(IDENTITY_ROUTES.sendCode)).toHaveLength(0);
  });

  it('leaves the visitor signed out after a wrong or empty code', async () => {
    const clock = { now: 0 };
    const { fetch, callsTo } = createFakeFetch(identityRoutes(clock));
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch });
    const pending = await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' });

    expect((await rejection(pending.confirm('000000'))).code).toBe('invalid-code');
    expect((await rejection(pending.confirm(''))).code).toBe('invalid-code');
    expect(callsTo(IDENTITY_ROUTES.verifyCode)).toHaveLength(1);
    expect(auth.currentUser()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
  });

  it('refreshes the token within five minutes of its expiry, once for concurrent callers', async () => {
    const clock = { now: 0 };
    const { fetch, callsTo } = createFakeFetch(identityRoutes(clock));
    const storage = createMemoryStorage();
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage, now: () => clock.now });
    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');

    clock.now = HOUR - TOKEN_REFRESH_MARGIN_MS - 1;
    expect(await auth.getIdToken()).toBe('token-1');
    expect(callsTo(IDENTITY_ROUTES.refresh)).toHaveLength(0);

    clock.now = HOUR - TOKEN_REFRESH_MARGIN_MS + 1;
    const tokens = await Promise.all([auth.getIdToken(), auth.getIdToken()]);

    expect(tokens).toEqual(['token-2', 'token-2']);
    expect(callsTo(IDENTITY_ROUTES.refresh)).toHaveLength(1);
    expect(callsTo(IDENTITY_ROUTES.refresh)[0]?.body).toEqual({ idToken: 'token-1' });
    expect(JSON.parse(storage.items.get(SESSION_STORAGE_KEY) ?? '{}').idToken).toBe('token-2');
    expect(auth.currentUser()).toEqual(user);
  });

  // Issue 19, point 2: the session outlives its ID token, as with Firebase's refresh token.
  it('renews an expired ID token with the refresh token, and a token the server refused', async () => {
    const clock = { now: 0 };
    let issued = 0;
    const withRefresh = (idToken: string) => ({
      ...signIn(idToken, clock.now + HOUR),
      refreshToken: 'refresh-1',
    });
    const { fetch, callsTo } = createFakeFetch(
      identityRoutes(clock, {
        [`POST ${IDENTITY_ROUTES.verifyCode}`]: () => json(200, withRefresh(`token-${++issued}`)),
        [`POST ${IDENTITY_ROUTES.refresh}`]: () => json(200, withRefresh(`token-${++issued}`)),
      }),
    );
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, now: () => clock.now });
    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');

    clock.now = 3 * HOUR;
    expect(auth.currentUser()).toEqual(user);
    expect(await auth.getIdToken()).toBe('token-2');
    expect(callsTo(IDENTITY_ROUTES.refresh)[0]?.body).toEqual({ refreshToken: 'refresh-1' });

    // The server's clock is ahead: it refused token-2, which this clock thinks valid.
    const renewed = await Promise.all([auth.renewIdToken('token-2'), auth.renewIdToken('token-2')]);
    expect(renewed).toEqual(['token-3', 'token-3']);
    expect(await auth.renewIdToken('token-2')).toBe('token-3');
    expect(callsTo(IDENTITY_ROUTES.refresh)).toHaveLength(2);
  });

  it('signs out when the server rejects the refresh', async () => {
    const clock = { now: 0 };
    const { fetch } = createFakeFetch(
      identityRoutes(clock, { [`POST ${IDENTITY_ROUTES.refresh}`]: () => errorBody(401, 'unauthenticated') }),
    );
    const storage = createMemoryStorage();
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage, now: () => clock.now });
    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');
    const seen: (AuthUser | null)[] = [];
    auth.onUserChanged((u) => seen.push(u));

    clock.now = HOUR - 1000;
    expect(await auth.getIdToken()).toBeNull();

    expect(auth.currentUser()).toBeNull();
    expect(seen).toEqual([user, null]);
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('keeps a still-valid token when the server cannot be reached for a refresh', async () => {
    const clock = { now: 0 };
    let online = true;
    const routes = identityRoutes(clock);
    const { fetch: inner } = createFakeFetch(routes);
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (!online) return Promise.reject(new TypeError('fetch failed'));
      return inner(input, init);
    };
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, now: () => clock.now });
    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');

    online = false;
    clock.now = HOUR - 1000;

    expect(await auth.getIdToken()).toBe('token-1');
    expect(auth.currentUser()).toEqual(user);
  });

  it('reads a stored session, and signs out one that has expired', async () => {
    const clock = { now: 10 * HOUR };
    const { fetch } = createFakeFetch(identityRoutes(clock));
    const valid = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(signIn('kept', 11 * HOUR)) });
    const expired = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(signIn('old', 9 * HOUR)) });

    const restored = createLocalAuthProvider({
      serverUrl: SERVER,
      fetch,
      storage: valid,
      now: () => clock.now,
    });
    const lapsed = createLocalAuthProvider({
      serverUrl: SERVER,
      fetch,
      storage: expired,
      now: () => clock.now,
    });

    expect(restored.currentUser()).toEqual(user);
    expect(await restored.getIdToken()).toBe('kept');
    const heard: (AuthUser | null)[] = [];
    lapsed.onUserChanged((u) => heard.push(u));
    expect(heard).toEqual([null]);
    expect(lapsed.currentUser()).toBeNull();
    expect(await lapsed.getIdToken()).toBeNull();
    expect(expired.items.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{not json'],
    ['the wrong shape', JSON.stringify({ user: { uid: '' }, idToken: 5 })],
    ['null', 'null'],
  ])('treats a stored session that is %s as signed out and removes it', (_label, raw) => {
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: raw, other: 'kept' });
    const { fetch } = createFakeFetch({});

    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage });

    expect(auth.currentUser()).toBeNull();
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(storage.items.get('other')).toBe('kept');
  });

  it('survives a storage that throws', async () => {
    const clock = { now: 0 };
    const { fetch } = createFakeFetch(identityRoutes(clock));
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage: broken, now: () => clock.now });

    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');
    expect(auth.currentUser()).toEqual(user);
    await auth.signOut();
    expect(auth.currentUser()).toBeNull();
  });

  it('signOut clears the session and notifies listeners; an unsubscribed listener hears nothing', async () => {
    const clock = { now: 0 };
    const { fetch } = createFakeFetch(identityRoutes(clock));
    const storage = createMemoryStorage();
    const auth = createLocalAuthProvider({ serverUrl: SERVER, fetch, storage, now: () => clock.now });
    const kept: (AuthUser | null)[] = [];
    const dropped: (AuthUser | null)[] = [];
    auth.onUserChanged((u) => kept.push(u));
    const stop = auth.onUserChanged((u) => dropped.push(u));
    stop();

    await (await auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'a' })).confirm('123456');
    await auth.signOut();
    await auth.signOut();

    expect(kept).toEqual([null, user, null]);
    expect(dropped).toEqual([null]);
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(await auth.getIdToken()).toBeNull();
  });
});
