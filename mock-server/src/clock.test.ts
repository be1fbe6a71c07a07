import { describe, expect, it } from 'vitest';
import { CLOCK_RANGE, createControllableClock } from './clock.js';

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

describe('the clock range (what a date and the data file can hold)', () => {
  it('refuses to read before 1970 or after 9999 and stays where it was', () => {
    const clock = createControllableClock(() => 1_000);
    clock.setOffset(5);
    expect(() => clock.setOffset(9_000_000_000_000_000)).toThrow(/^offsetMs: .*out of range/);
    expect(() => clock.setOffset(-1_001)).toThrow(/offsetMs/);
    expect(() => clock.setNow(-1)).toThrow(/^now: 1969-12-31T23:59:59\.999Z is out of range/);
    expect(() => clock.setNow(CLOCK_RANGE.max + 1)).toThrow(/now: .*9999-12-31T23:59:59\.999Z/);
    expect(() => clock.setNow(Number.NaN)).toThrow(/^now: not a valid date/);
    expect(clock.offsetMs()).toBe(5);
    expect(clock.now()).toBe(1_005);
  });

  it('reaches both ends of the range', () => {
    const clock = createControllableClock(() => 1_000);
    clock.setNow(CLOCK_RANGE.min);
    expect(clock.now()).toBe(0);
    clock.setOffset(CLOCK_RANGE.max - 1_000);
    expect(new Date(clock.now()).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
