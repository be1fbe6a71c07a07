import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { restTimestamp, timestampFromRest, toRestValue } from './firestore-rest-api.js';

describe("REST commits' times", () => {
  it('reads and writes server times to the nanosecond (the rules compare an expiry exactly)', () => {
    const time = timestampFromRest('2026-11-26T09:01:02.123456Z');
    expect(time).toEqual(new Timestamp(Date.UTC(2026, 10, 26, 9, 1, 2) / 1000, 123_456_000));
    expect(restTimestamp(time)).toBe('2026-11-26T09:01:02.123456000Z');
    expect(timestampFromRest('2026-11-26T09:01:02Z').nanoseconds).toBe(0);
    expect(toRestValue(new Timestamp(86_400, 5))).toEqual({
      timestampValue: '1970-01-02T00:00:00.000000005Z',
    });
  });

  it('refuses a time it cannot read, naming it', () => {
    expect(() => timestampFromRest('26/11/2026')).toThrow('not a REST timestamp: "26/11/2026"');
  });
});
