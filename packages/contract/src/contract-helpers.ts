/**
 * Waiting and asserting helpers shared by the suites. Everything waits for a condition with a
 * bounded poll (vi.waitFor), never for a fixed time.
 */
import {
  ProviderError,
  type AuthProvider,
  type AuthUser,
  type DataProvider,
  type ErrorCode,
  type Message,
  type Unsubscribe,
} from '@chat/core';
import { expect, vi, type TestContext } from 'vitest';
import type { ContractHarness, OptionalCapability } from './contract-harness.js';
import { TEST_PHONE_NUMBER } from './contract-fixtures.js';

/** How long a condition may take to become true: live updates and streamed replies over a real server. */
export const EVENTUALLY_MS = 8_000;

export function eventually<T>(check: () => T | Promise<T>, timeout = EVENTUALLY_MS): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 20 });
}

/**
 * Awaits a rejection and checks it is a ProviderError with `code` (or one of several codes, where
 * backends may differ legitimately); returns it for further checks.
 */
export async function expectProviderError(
  promise: Promise<unknown>,
  code: ErrorCode | readonly ErrorCode[],
): Promise<ProviderError> {
  const codes: readonly ErrorCode[] = typeof code === 'string' ? [code] : code;
  const outcome = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  if (!('rejected' in outcome)) {
    throw new Error(
      `expected a ProviderError '${codes.join("' or '")}', but it resolved with ${JSON.stringify(outcome.resolved)}`,
    );
  }
  expect(outcome.rejected).toBeInstanceOf(ProviderError);
  expect(codes).toContain((outcome.rejected as ProviderError).code);
  return outcome.rejected as ProviderError;
}

/** Signs `phoneNumber` in through the auth provider with the code the harness reads back. */
export async function signInWithPhone(
  auth: AuthProvider,
  harness: ContractHarness,
  phoneNumber: string = TEST_PHONE_NUMBER,
): Promise<AuthUser> {
  const pending = await auth.startPhoneVerification(phoneNumber, { botCheckAnchorId: 'contract-bot-check' });
  return pending.confirm(await harness.otpFor(phoneNumber));
}

/**
 * A capability of the harness, or the running test skipped (reported as skipped) with the harness's own
 * reason for lacking it (`lacks`), else "the harness has no <name>".
 */
export function harnessCapability<K extends OptionalCapability>(
  ctx: TestContext,
  harness: ContractHarness,
  name: K,
): NonNullable<ContractHarness[K]> {
  const capability = harness[name];
  if (capability === undefined) ctx.skip(harness.lacks?.[name] ?? `the harness has no ${name}`);
  return capability as NonNullable<ContractHarness[K]>;
}

/** Skips the running test (reported as skipped) when the subject lacks something it needs. */
export function requireCapability<T>(ctx: TestContext, capability: T | undefined, name: string): T {
  if (capability === undefined) ctx.skip(`the harness has no ${name}`);
  return capability as T;
}

/** A live subscription that records every list and error it receives. */
export interface MessageWatch {
  lists: Message[][];
  errors: ProviderError[];
  latest(): Message[];
  /** Waits until the latest list satisfies `check` (an assertion that throws until then). */
  until(check: (messages: Message[]) => void): Promise<Message[]>;
  stop: Unsubscribe;
}

export function watchMessages(data: DataProvider, conversationId: string): MessageWatch {
  const lists: Message[][] = [];
  const errors: ProviderError[] = [];
  const stop = data.subscribeToMessages(conversationId, {
    next: (messages) => lists.push(messages),
    error: (error) => errors.push(error),
  });
  const latest = () => lists.at(-1) ?? [];
  return {
    lists,
    errors,
    latest,
    stop,
    async until(check) {
      await eventually(() => {
        expect(errors).toEqual([]);
        expect(lists.length).toBeGreaterThan(0);
        check(latest());
      });
      return latest();
    },
  };
}

/** The texts of a list, for readable assertions. */
export const texts = (messages: Message[]) => messages.map((m) => m.text);

/** The assistant's complete replies (non-empty, no longer streaming), auth prompts aside. */
export const completeReplies = (messages: Message[]) =>
  messages.filter(
    (m) => m.role === 'model' && m.type !== 'auth' && m.text.trim() !== '' && m.streaming !== true,
  );

/** The stored phone sign-in prompts (role model, type auth) the chat service wrote. */
export const authMessages = (messages: Message[]) =>
  messages.filter((m) => m.role === 'model' && m.type === 'auth');
