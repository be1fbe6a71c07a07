/**
 * An AuthProvider held entirely in memory, for component and hook tests.
 *
 * Limits: one visitor per instance, no persistence, no real bot check. It behaves like the real
 * providers where the app can tell the difference: numbers must be +1 followed by ten digits, codes
 * are checked per number, a verification can be confirmed once, the listener is called at once and
 * after every change, and failures carry the same ProviderError codes. Numbers without a configured
 * code get a random one, readable with `codeFor`. `failNext` makes the next send or confirm fail with
 * a chosen code, the way the mock server's fault injection does.
 */
import {
  ProviderError,
  isErrorCode,
  isValidE164,
  type AuthProvider,
  type AuthUser,
  type ConfirmedUser,
  type ErrorCode,
  type PendingPhoneVerification,
  type StartPhoneVerificationOptions,
  type Unsubscribe,
} from '@chat/core';

export const TEST_PHONE_NUMBER = '+15555550100';
export const TEST_PHONE_CODE = '123456';

export interface InMemoryAuthOptions {
  /** Phone (E.164) → the code it always gets. Default: the test number gets 123456. */
  codes?: Record<string, string>;
  /** Phone (E.164) → the display name its user gets. Default: the test number is 'Test Visitor'. */
  displayNames?: Record<string, string>;
  /** The next startPhoneVerification rejects with this code. */
  failNextSend?: ErrorCode;
  /** The next confirm rejects with this code. */
  failNextConfirm?: ErrorCode;
  /** The visitor signed in from the start. */
  initialUser?: AuthUser;
}

/** One call of startPhoneVerification, as the test sees it. */
export interface SentCode {
  phoneNumber: string;
  botCheckAnchorId: string;
  /** Whether an element with that id was in the document when the code was sent. */
  anchorFound: boolean;
}

export interface InMemoryAuth extends AuthProvider {
  /** Makes the next send or confirm fail with `code`. */
  failNext(step: 'send' | 'confirm', code: ErrorCode): void;
  /** Every startPhoneVerification call that got as far as sending, oldest first. */
  readonly sent: readonly SentCode[];
  /** The code the last verification for `phoneNumber` expects, or undefined if none was sent. */
  codeFor(phoneNumber: string): string | undefined;
  /** Number of listeners still subscribed (to check that components unsubscribe). */
  listenerCount(): number;
}

export function createInMemoryAuth(options: InMemoryAuthOptions = {}): InMemoryAuth {
  const fixedCodes = options.codes ?? { [TEST_PHONE_NUMBER]: TEST_PHONE_CODE };
  const displayNames = options.displayNames ?? { [TEST_PHONE_NUMBER]: 'Test Visitor' };
  const usersByPhone = new Map<string, AuthUser>();
  const lastCode = new Map<string, string>();
  const listeners = new Set<(user: AuthUser | null) => void>();
  const sent: SentCode[] = [];
  let current: AuthUser | null = options.initialUser ?? null;
  if (current?.phoneNumber) usersByPhone.set(current.phoneNumber, current);
  let failNextSend = options.failNextSend;
  let failNextConfirm = options.failNextConfirm;
  let nextUid = 1;

  const setCurrent = (user: AuthUser | null) => {
    current = user;
    for (const listener of [...listeners]) listener(user);
  };

  const userFor = (phoneNumber: string): AuthUser => {
    let user = usersByPhone.get(phoneNumber);
    if (!user) {
      user = { uid: `user-${nextUid++}`, phoneNumber, displayName: displayNames[phoneNumber] ?? null };
      usersByPhone.set(phoneNumber, user);
    }
    return user;
  };

  return {
    currentUser: () => current,

    onUserChanged(listener): Unsubscribe {
      listeners.add(listener);
      listener(current);
      return () => {
        listeners.delete(listener);
      };
    },

    async startPhoneVerification(
      phoneNumber: string,
      { botCheckAnchorId }: StartPhoneVerificationOptions,
    ): Promise<PendingPhoneVerification> {
      if (failNextSend) {
        const code = failNextSend;
        failNextSend = undefined;
        throw new ProviderError(code, `Injected failure: ${code}`);
      }
      if (!isValidE164(phoneNumber)) {
        throw new ProviderError('invalid-phone-number', `Not a +1 number with ten digits: "${phoneNumber}"`);
      }
      // Read through globalThis: the package is also compiled without the DOM's types (@chat/session).
      const page = (globalThis as { document?: { getElementById(id: string): unknown } }).document;
      const anchorFound = page !== undefined && page.getElementById(botCheckAnchorId) !== null;
      sent.push({ phoneNumber, botCheckAnchorId, anchorFound });
      const expected =
        fixedCodes[phoneNumber] ?? String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      lastCode.set(phoneNumber, expected);
      let used = false;
      return {
        phoneNumber,
        async confirm(code: string): Promise<ConfirmedUser> {
          if (failNextConfirm) {
            const failure = failNextConfirm;
            failNextConfirm = undefined;
            throw new ProviderError(failure, `Injected failure: ${failure}`);
          }
          // A confirmed verification cannot be replayed, as with the real identity providers.
          if (used) throw new ProviderError('code-expired', 'This verification was already used');
          if (code !== expected) throw new ProviderError('invalid-code', 'Wrong code');
          used = true;
          // A number's first sign-in is its signup, as the identity providers report it.
          const isNewUser = !usersByPhone.has(phoneNumber);
          const user = userFor(phoneNumber);
          setCurrent(user);
          return { ...user, isNewUser };
        },
      };
    },

    async getIdToken() {
      return current ? `token-${current.uid}` : null;
    },

    async signOut() {
      setCurrent(null);
    },

    failNext(step, code) {
      if (!isErrorCode(code)) throw new Error(`failNext: "${String(code)}" is not one of ERROR_CODES`);
      if (step !== 'send' && step !== 'confirm')
        throw new Error(`failNext: step must be 'send' or 'confirm'`);
      if (step === 'send') failNextSend = code;
      else failNextConfirm = code;
    },

    get sent() {
      return sent;
    },

    codeFor: (phoneNumber) => lastCode.get(phoneNumber),

    listenerCount: () => listeners.size,
  };
}
