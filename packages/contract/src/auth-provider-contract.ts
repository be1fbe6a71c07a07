/**
 * The AuthProvider contract: phone sign-in with the invisible bot check and a one-time code, the
 * current user and its changes, the ID token, sign-out, and every identity error code — through
 * real behaviour where every backend has it, through injected faults otherwise.
 */
import type { AuthUser, ConfirmedUser, ErrorCode, FaultOperation } from '@chat/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthProviderSubject, SubjectFactory } from './contract-harness.js';
import { TEST_PHONE_DISPLAY_NAME, TEST_PHONE_NUMBER } from './contract-fixtures.js';
import { expectProviderError, harnessCapability } from './contract-helpers.js';

const ANCHOR = { botCheckAnchorId: 'contract-bot-check' };
const MINUTE_MS = 60 * 1000;

export function describeAuthProviderContract(
  name: string,
  makeSubject: SubjectFactory<AuthProviderSubject>,
): void {
  describe(`AuthProvider contract: ${name}`, () => {
    let subject: AuthProviderSubject;

    beforeEach(async () => {
      subject = await makeSubject();
      await subject.harness.reset();
      await subject.auth.signOut();
    });

    afterEach(async () => {
      await subject.auth.signOut();
      await subject.harness.close();
    });

    async function signInWithTestNumber(): Promise<ConfirmedUser> {
      const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR);
      return pending.confirm(await subject.harness.otpFor(TEST_PHONE_NUMBER));
    }

    describe('sign-in', () => {
      it('is anonymous after sign-out: no user, no token', async () => {
        expect(subject.auth.currentUser()).toBeNull();
        expect(await subject.auth.getIdToken()).toBeNull();
      });

      it('signs in with the test number and its code: uid, phoneNumber, displayName and an ID token', async () => {
        const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR);
        expect(pending.phoneNumber).toBe(TEST_PHONE_NUMBER);
        // Sending a code signs nobody in.
        expect(subject.auth.currentUser()).toBeNull();

        const user = await pending.confirm(await subject.harness.otpFor(TEST_PHONE_NUMBER));

        expect(user.uid).toEqual(expect.any(String));
        expect(user.uid).not.toBe('');
        expect(user).toMatchObject({ phoneNumber: TEST_PHONE_NUMBER, displayName: TEST_PHONE_DISPLAY_NAME });
        expect(typeof user.isNewUser).toBe('boolean');
        const { isNewUser: _flag, ...signedIn } = user;
        expect(subject.auth.currentUser()).toEqual(signedIn);
        const token = await subject.auth.getIdToken();
        expect(token).toEqual(expect.any(String));
        expect(token).not.toBe('');
      });

      it('signs the same number into the same account every time', async () => {
        const first = await signInWithTestNumber();
        await subject.auth.signOut();
        const second = await signInWithTestNumber();

        expect(second.uid).toBe(first.uid);
      });

      it('tells onUserChanged listeners now and on every sign-in and sign-out, until they unsubscribe', async () => {
        const heard: (AuthUser | null)[] = [];
        const stopped: (AuthUser | null)[] = [];
        const stop = subject.auth.onUserChanged((user) => heard.push(user));
        const stopOther = subject.auth.onUserChanged((user) => stopped.push(user));
        stopOther();

        const { isNewUser: _flag, ...user } = await signInWithTestNumber();
        await subject.auth.signOut();
        stop();
        await signInWithTestNumber();

        expect(heard).toEqual([null, user, null]);
        expect(stopped).toEqual([null]);
      });

      it('signOut leaves the visitor anonymous', async () => {
        await signInWithTestNumber();

        await subject.auth.signOut();

        expect(subject.auth.currentUser()).toBeNull();
        expect(await subject.auth.getIdToken()).toBeNull();
      });
    });

    describe('identity errors', () => {
      it('rejects a number that is not a phone number with invalid-phone-number', async () => {
        await expectProviderError(
          subject.auth.startPhoneVerification('+1555', ANCHOR),
          'invalid-phone-number',
        );
      });

      it('rejects a wrong code with invalid-code and still accepts the right one', async () => {
        const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR);
        const code = await subject.harness.otpFor(TEST_PHONE_NUMBER);
        const wrong = code === '000000' ? '111111' : '000000';

        await expectProviderError(pending.confirm(wrong), 'invalid-code');
        expect(subject.auth.currentUser()).toBeNull();

        expect((await pending.confirm(code)).phoneNumber).toBe(TEST_PHONE_NUMBER);
      });

      it('rejects a code confirmed after it expired with code-expired', async (t) => {
        const setClock = harnessCapability(t, subject.harness, 'setClock');
        const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR);
        const code = await subject.harness.otpFor(TEST_PHONE_NUMBER);

        await setClock({ offsetMs: 30 * MINUTE_MS });

        await expectProviderError(pending.confirm(code), 'code-expired');
        expect(subject.auth.currentUser()).toBeNull();
      });

      const sendFaults: Array<[FaultOperation, ErrorCode]> = [
        ['botcheck', 'bot-check-failed'],
        ['botcheck', 'bot-check-expired'],
        ['otp.send', 'bot-check-failed'],
        ['otp.send', 'too-many-requests'],
        ['otp.send', 'invalid-phone-number'],
      ];
      it.for(sendFaults)(
        'reports a %s failure %s from startPhoneVerification',
        async ([operation, code], t) => {
          const injectFault = harnessCapability(t, subject.harness, 'injectFault');
          await injectFault({ operation, error: code, count: 1 });

          await expectProviderError(subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR), code);

          // The fault was for one call only: the next attempt goes through.
          expect((await signInWithTestNumber()).phoneNumber).toBe(TEST_PHONE_NUMBER);
        },
      );

      it.for(['invalid-code', 'code-expired', 'too-many-requests'] as const)(
        'reports an otp.verify failure %s from confirm',
        async (code, t) => {
          const injectFault = harnessCapability(t, subject.harness, 'injectFault');
          const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, ANCHOR);
          const otp = await subject.harness.otpFor(TEST_PHONE_NUMBER);
          await injectFault({ operation: 'otp.verify', error: code, count: 1 });

          await expectProviderError(pending.confirm(otp), code);
          expect(subject.auth.currentUser()).toBeNull();
        },
      );
    });
  });
}
