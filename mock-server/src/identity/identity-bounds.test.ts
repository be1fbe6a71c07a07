/**
 * What a client can make the identity provider remember is bounded: the per-number send limiter
 * forgets numbers once their window has passed, and verification sessions are dropped in expiry
 * order without walking the live ones (the bench `identity-sends` measures the per-send cost).
 */
import { describe, expect, it } from 'vitest';
import { createSendLimiter } from './send-limiter.js';
import { createVerificationSessions } from './verification-sessions.js';

const HOUR_MS = 60 * 60 * 1000;

function fakeClock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const number = (i: number) => `+1212${String(5_550_000 + i).padStart(7, '0')}`;

describe('the send limiter', () => {
  it('forgets numbers that were never used again once their window has passed', () => {
    const clock = fakeClock();
    const limiter = createSendLimiter({ now: clock.now, max: 5, windowMs: HOUR_MS });
    for (let i = 0; i < 1000; i++) {
      limiter.record(number(i));
      clock.advance(1000);
    }
    expect(limiter.size()).toBe(1000);
    clock.advance(HOUR_MS);
    // Any call lets go of every number whose sends are all older than the window.
    expect(limiter.allows(number(5000))).toBe(true);
    expect(limiter.size()).toBe(0);
  });

  it('still counts a number that keeps sending, wherever it sits in the map', () => {
    const clock = fakeClock();
    const limiter = createSendLimiter({ now: clock.now, max: 3, windowMs: HOUR_MS });
    limiter.record(number(1));
    for (let i = 2; i < 50; i++) limiter.record(number(i));
    limiter.record(number(1));
    limiter.record(number(1));
    expect(limiter.allows(number(1))).toBe(false);
    clock.advance(HOUR_MS - 1);
    expect(limiter.allows(number(1))).toBe(false);
    expect(limiter.allows(number(2))).toBe(true);
    clock.advance(1);
    expect(limiter.size()).toBe(0);
  });
});

describe('verification sessions', () => {
  it('are dropped once well past expiry, so sends spread over time keep the map small', () => {
    const clock = fakeClock();
    const ttlMs = 5 * 60 * 1000;
    const sessions = createVerificationSessions({ now: clock.now, ttlMs, maxAttempts: 5 });
    let largest = 0;
    for (let i = 0; i < 5000; i++) {
      sessions.start(number(i), '123456');
      largest = Math.max(largest, sessions.size());
      clock.advance(1000);
    }
    // A session lives its TTL plus as long again (for an honest 'code-expired'): 600 one-second sends.
    expect(largest).toBeLessThanOrEqual((2 * ttlMs) / 1000 + 1);
  });

  it('keep a live session confirmable after many others were started and dropped', () => {
    const clock = fakeClock();
    const sessions = createVerificationSessions({ now: clock.now, ttlMs: 60_000, maxAttempts: 5 });
    for (let i = 0; i < 100; i++) sessions.start(number(i), '000000');
    clock.advance(120_000);
    const id = sessions.start(number(500), '654321');
    expect(sessions.size()).toBe(1);
    expect(sessions.confirm(id, '654321')).toBe(number(500));
  });
});
