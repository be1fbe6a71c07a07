import { randomBytes, randomInt } from 'node:crypto';
import { isPlausibleNanpNumber } from './phone-number.js';

export interface TestNumber {
  /** The fixed six-digit code this number always receives. */
  code: string;
  displayName?: string | null;
}

export interface IdentityOptions {
  /** The server's clock; every expiry and rate window is measured with it. */
  clock: { now(): number };
  /** Numbers with a fixed code, like Firebase's test phone numbers (E.164 → code). */
  testNumbers: Record<string, TestNumber>;
  /** How long a sent code stays valid. Default 5 minutes. */
  codeTtlMs?: number;
  /** Wrong attempts allowed per code before it is burned. Default 5. */
  maxAttemptsPerCode?: number;
  /** Codes sent to one number per hour. Default 5. Test numbers are exempt. */
  maxSendsPerNumberPerHour?: number;
  /** How long a bot-check token stays valid. Default 2 minutes. */
  botCheckTtlMs?: number;
  /** How long an ID token stays valid. Default 1 hour. */
  tokenTtlMs?: number;
  /** The HS256 key of ID tokens (at least 32 bytes); random per process if absent. */
  secret?: Uint8Array;
  /** A source of numbers in [0, 1) for the codes of other numbers; crypto-random if absent. */
  random?: () => number;
  /** Where sent codes are reported (the server's structured log). */
  log?: (msg: string, fields?: object) => void;
}

export interface ResolvedIdentityOptions {
  now: () => number;
  testNumbers: ReadonlyMap<string, { code: string; displayName: string | null }>;
  codeTtlMs: number;
  maxAttemptsPerCode: number;
  maxSendsPerNumberPerHour: number;
  botCheckTtlMs: number;
  tokenTtlMs: number;
  secret: Uint8Array;
  random: () => number;
  log: (msg: string, fields?: object) => void;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`Identity option ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Fills in defaults and rejects bad options with an error naming the option. */
export function resolveIdentityOptions(options: IdentityOptions): ResolvedIdentityOptions {
  const testNumbers = new Map<string, { code: string; displayName: string | null }>();
  for (const [phoneNumber, entry] of Object.entries(options.testNumbers)) {
    if (!isPlausibleNanpNumber(phoneNumber)) {
      throw new Error(
        `Test phone number "${phoneNumber}" must be +1 followed by ten digits (area code 2-9…)`,
      );
    }
    if (!/^\d{6}$/.test(entry.code)) {
      throw new Error(`The code of test phone number ${phoneNumber} must be six digits`);
    }
    testNumbers.set(phoneNumber, { code: entry.code, displayName: entry.displayName ?? null });
  }
  const secret = options.secret ?? randomBytes(32);
  if (secret.length < 32) throw new Error('Identity option secret must be at least 32 bytes for HS256');
  return {
    now: () => options.clock.now(),
    testNumbers,
    codeTtlMs: positiveInteger('codeTtlMs', options.codeTtlMs, 5 * 60 * 1000),
    maxAttemptsPerCode: positiveInteger('maxAttemptsPerCode', options.maxAttemptsPerCode, 5),
    maxSendsPerNumberPerHour: positiveInteger(
      'maxSendsPerNumberPerHour',
      options.maxSendsPerNumberPerHour,
      5,
    ),
    botCheckTtlMs: positiveInteger('botCheckTtlMs', options.botCheckTtlMs, 2 * 60 * 1000),
    tokenTtlMs: positiveInteger('tokenTtlMs', options.tokenTtlMs, 60 * 60 * 1000),
    secret,
    random: options.random ?? (() => randomInt(0, 1_000_000) / 1_000_000),
    log: options.log ?? (() => {}),
  };
}
