import { describe, expect, it } from 'vitest';
import { createWindowLimiter } from './window-limiter.js';

describe('the window limiter', () => {
  it('allows `max` requests per key and window, then refuses until the window ends', () => {
    let now = 0;
    const limiter = createWindowLimiter({ windowMs: 1_000, max: 2, maxKeys: 10, now: () => now });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false);
    now = 1_000;
    expect(limiter.take('a')).toBe(true);
  });

  it('never holds more than maxKeys keys, dropping ended windows first, then the oldest', () => {
    let now = 0;
    const limiter = createWindowLimiter({ windowMs: 1_000, max: 1, maxKeys: 3, now: () => now });
    limiter.take('old');
    now = 600;
    limiter.take('a');
    limiter.take('b');
    now = 1_100;
    // 'old' has ended: it goes first, and 'a' keeps its spent count.
    limiter.take('c');
    expect(limiter.size()).toBe(3);
    expect(limiter.take('a')).toBe(false);
    for (let i = 0; i < 10_000; i++) limiter.take(`flood-${i}`);
    expect(limiter.size()).toBe(3);
  });

  it('tells how long a key waits for its window to end, and forgets every count on clear', () => {
    let now = 0;
    const limiter = createWindowLimiter({ windowMs: 60_000, max: 1, maxKeys: 10, now: () => now });
    expect(limiter.waitMs('a')).toBe(0);
    limiter.take('a');
    now = 15_000;
    expect(limiter.take('a')).toBe(false);
    expect(limiter.waitMs('a')).toBe(45_000);
    limiter.clear();
    expect(limiter.size()).toBe(0);
    expect(limiter.take('a')).toBe(true);
  });
});
