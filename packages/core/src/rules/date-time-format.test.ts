import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format.js';

describe('dateTimeFormat', () => {
  it('hands out one formatter per set of options, formatting as Intl does', () => {
    const a = dateTimeFormat({ timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' });
    const b = dateTimeFormat({ timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' });
    const other = dateTimeFormat({ timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' });
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    const noonUtc = Date.UTC(2026, 0, 15, 12);
    expect(a.format(noonUtc)).toBe('07');
    expect(other.format(noonUtc)).toBe('13');
  });

  it('throws a RangeError for an unknown time zone, every time it is asked', () => {
    expect(() => dateTimeFormat({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
