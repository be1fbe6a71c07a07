import { describe, expect, it } from 'vitest';
import { createControllableClock } from './clock.js';

describe('controllable clock', () => {
  it('follows its base, moves by offset or to a time, and restores', () => {
    let real = 1000;
    const clock = createControllableClock(() => real);
    expect(clock.now()).toBe(1000);
    clock.setOffset(500);
    real = 1100;
    expect(clock.now()).toBe(1600);
    clock.setNow(50_000);
    expect(clock.now()).toBe(50_000);
    real = 1200;
    expect(clock.now()).toBe(50_100);
    clock.restore();
    expect(clock.now()).toBe(1200);
    expect(clock.offsetMs()).toBe(0);
  });
});
