import { ProviderError } from '@chat/core';
import { FirebaseError } from 'firebase/app';
import type { Auth, ConfirmationResult, User, UserCredential } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import {
  createFirebaseAuthProvider,
  type BotCheckVerifier,
  type FirebaseAuthCalls,
} from './firebase-auth-provider.js';

const PHONE = '+15555550100';
const ANCHOR = { botCheckAnchorId: 'bot-check' };
const fbError = (code: string) => new FirebaseError(`auth/${code}`, `Firebase: Error (auth/${code}).`);

class FakeVerifier implements BotCheckVerifier {
  readonly type = 'recaptcha';
  renders = 0;
  cleared = 0;
  constructor(
    readonly anchorId: string,
    readonly onExpired: () => void,
    private readonly renderError?: unknown,
  ) {}
  async render() {
    this.renders += 1;
    if (this.renderError) throw this.renderError;
    return 1;
  }
  async verify() {
    return 'token';
  }
  clear() {
    this.cleared += 1;
  }
}

interface Setup {
  renderError?: unknown;
  send?: (verifier: FakeVerifier) => Promise<ConfirmationResult>;
  currentUser?: Partial<User> | null;
}

function setup(options: Setup = {}) {
  const verifiers: FakeVerifier[] = [];
  const auth = { currentUser: options.currentUser ?? null } as unknown as Auth;
  let stateListener: ((user: User | null) => void) | null = null;
  const calls: FirebaseAuthCalls = {
    createVerifier: (_auth, anchorId, onExpired) => {
      const verifier = new FakeVerifier(anchorId, onExpired, options.renderError);
      verifiers.push(verifier);
      return verifier;
    },
    signInWithPhoneNumber: (_auth, _phone, verifier) =>
      options.send ? options.send(verifier as FakeVerifier) : Promise.resolve(confirmation()),
    onAuthStateChanged: (_auth, listener) => {
      stateListener = listener;
      return () => {
        stateListener = null;
      };
    },
    signOut: async () => {},
  };
  return {
    provider: createFirebaseAuthProvider(auth, calls),
    verifiers,
    emitUser: (user: Partial<User> | null) => stateListener?.(user as User | null),
    hasListener: () => stateListener !== null,
  };
}

function confirmation(confirm?: (code: string) => Promise<UserCredential>): ConfirmationResult {
  return {
    verificationId: 'v1',
    confirm:
      confirm ??
      (async () =>
        ({
          user: { uid: 'u1', phoneNumber: PHONE, displayName: 'Test Visitor' },
        }) as unknown as UserCredential),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('createFirebaseAuthProvider: startPhoneVerification', () => {
  it('renders an invisible verifier on the anchor, sends, confirms and clears the verifier', async () => {
    const { provider, verifiers } = setup();
    const pending = await provider.startPhoneVerification(PHONE, ANCHOR);
    expect(pending.phoneNumber).toBe(PHONE);
    expect(verifiers).toHaveLength(1);
    expect(verifiers[0]).toMatchObject({ anchorId: 'bot-check', renders: 1, cleared: 1 });
    await expect(pending.confirm('123456')).resolves.toEqual({
      uid: 'u1',
      phoneNumber: PHONE,
      displayName: 'Test Visitor',
      isNewUser: false,
    });
  });

  it('reports a first sign-in as Firebase does (getAdditionalUserInfo(result).isNewUser)', async () => {
    const { provider } = setup({
      send: async () =>
        confirmation(
          async () =>
            ({
              user: { uid: 'u1', phoneNumber: PHONE, displayName: null },
              _tokenResponse: { providerId: 'phone', isNewUser: true },
            }) as unknown as UserCredential,
        ),
    });
    const pending = await provider.startPhoneVerification(PHONE, ANCHOR);
    expect((await pending.confirm('123456')).isNewUser).toBe(true);
  });

  it('rejects a number that is not +1 and ten digits before any bot check', async () => {
    const { provider, verifiers } = setup();
    expect((await rejection(provider.startPhoneVerification('+4412345', ANCHOR))).code).toBe(
      'invalid-phone-number',
    );
    expect(verifiers).toHaveLength(0);
  });

  it('reports a verifier that cannot render as bot-check-unavailable and clears it', async () => {
    const { provider, verifiers } = setup({ renderError: fbError('internal-error') });
    expect((await rejection(provider.startPhoneVerification(PHONE, ANCHOR))).code).toBe(
      'bot-check-unavailable',
    );
    expect(verifiers[0]?.cleared).toBe(1);
  });

  it.each([
    ['too-many-requests', 'too-many-requests'],
    ['captcha-check-failed', 'bot-check-failed'],
    ['invalid-phone-number', 'invalid-phone-number'],
  ])('maps a send failure auth/%s to %s and clears the verifier', async (code, expected) => {
    const { provider, verifiers } = setup({ send: () => Promise.reject(fbError(code)) });
    expect((await rejection(provider.startPhoneVerification(PHONE, ANCHOR))).code).toBe(expected);
    expect(verifiers[0]?.cleared).toBe(1);
  });

  it('rejects with bot-check-expired when the challenge expires while the send waits for it', async () => {
    const { provider, verifiers } = setup({
      send: (verifier) => {
        queueMicrotask(() => verifier.onExpired());
        return new Promise<ConfirmationResult>(() => {});
      },
    });
    expect((await rejection(provider.startPhoneVerification(PHONE, ANCHOR))).code).toBe('bot-check-expired');
    expect(verifiers[0]?.cleared).toBe(1);
  });

  it('uses a fresh verifier for each attempt', async () => {
    const { provider, verifiers } = setup();
    await provider.startPhoneVerification(PHONE, ANCHOR);
    await provider.startPhoneVerification(PHONE, ANCHOR);
    expect(verifiers.map((v) => [v.renders, v.cleared])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it.each([
    ['invalid-verification-code', 'invalid-code'],
    ['code-expired', 'code-expired'],
    ['too-many-requests', 'too-many-requests'],
  ])('maps a confirm failure auth/%s to %s', async (code, expected) => {
    const { provider } = setup({
      send: async () => confirmation(() => Promise.reject(fbError(code))),
    });
    const pending = await provider.startPhoneVerification(PHONE, ANCHOR);
    expect((await rejection(pending.confirm('000000'))).code).toBe(expected);
  });
});

describe('createFirebaseAuthProvider: user state', () => {
  it('calls the listener at once, then with every change of user, and stops on unsubscribe', () => {
    const { provider, emitUser, hasListener } = setup();
    const seen: unknown[] = [];
    const stop = provider.onUserChanged((user) => seen.push(user));
    expect(seen).toEqual([null]);
    emitUser(null); // Firebase's own first call, repeating what the listener already has
    emitUser({ uid: 'u1', phoneNumber: PHONE, displayName: null });
    emitUser(null);
    expect(seen).toEqual([null, { uid: 'u1', phoneNumber: PHONE, displayName: null }, null]);
    stop();
    expect(hasListener()).toBe(false);
  });

  it('starts from the current user when one is signed in', () => {
    const user = { uid: 'u3', phoneNumber: PHONE, displayName: 'Test Visitor' };
    const { provider, emitUser } = setup({ currentUser: user });
    const seen: unknown[] = [];
    provider.onUserChanged((u) => seen.push(u));
    emitUser(user);
    expect(seen).toEqual([user]);
  });

  it('is anonymous without a current user: no user and no token', async () => {
    const { provider } = setup();
    expect(provider.currentUser()).toBeNull();
    await expect(provider.getIdToken()).resolves.toBeNull();
  });

  it('returns the current user and a token, mapping a token failure', async () => {
    let fail = false;
    const user = {
      uid: 'u2',
      phoneNumber: PHONE,
      displayName: 'Test Visitor',
      getIdToken: async () => {
        if (fail) throw fbError('network-request-failed');
        return 'id-token';
      },
    };
    const { provider } = setup({ currentUser: user });
    expect(provider.currentUser()).toEqual({ uid: 'u2', phoneNumber: PHONE, displayName: 'Test Visitor' });
    await expect(provider.getIdToken()).resolves.toBe('id-token');
    fail = true;
    expect((await rejection(provider.getIdToken())).code).toBe('unavailable');
  });
});
