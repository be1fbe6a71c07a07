/** Shared set-up of the identity tests: a fake clock, fixed options and small helpers. */
import { ProviderError } from '@chat/core';
import { beforeEach, expect, vi } from 'vitest';
import type { Identity, IdentityOptions } from './index.js';
import { createIdentity } from './index.js';

export const TEST_PHONE = '+15555550100';
export const OTHER_PHONE = '+12125550123';
/** The code OTHER_PHONE gets from the fixed random source below. */
export const OTHER_CODE = '042317';
export const SECRET = new Uint8Array(32).fill(7);
export const START = Date.parse('2026-03-02T15:00:00Z');

/** The code of a ProviderError thrown synchronously by `fn`, failing the test when nothing or something else is thrown. */
export function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return (error as ProviderError).code;
  }
  throw new Error('expected a ProviderError, nothing was thrown');
}

/**
 * A fake clock (move it by changing `t`), a log spy, and identities built on both. Call it inside a
 * `describe`: before each test it rewinds the clock, clears the log and builds a fresh default
 * identity, read through `harness.identity`.
 */
export function identityHarness() {
  const clock = { t: START };
  const log = vi.fn<(msg: string, fields?: object) => void>();
  function make(overrides: Partial<IdentityOptions> = {}): Identity {
    return createIdentity({
      clock: { now: () => clock.t },
      testNumbers: { [TEST_PHONE]: { code: '123456', displayName: 'Test Visitor' } },
      secret: SECRET,
      random: () => 0.042317,
      log,
      ...overrides,
    });
  }
  let identity: Identity = make();
  beforeEach(() => {
    clock.t = START;
    log.mockClear();
    identity = make();
  });
  /** Runs the bot check and sends a code (to the default identity unless told); returns the verification id. */
  function send(phone: string, target: Identity = identity): string {
    return target.sendCode(phone, target.issueBotCheckToken().token).verificationId;
  }
  return {
    clock,
    log,
    make,
    send,
    /** The identity built for the running test. */
    get identity(): Identity {
      return identity;
    },
  };
}
