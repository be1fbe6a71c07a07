import { describe, expect, it } from 'vitest';
import { DATA_ROUTES } from '../wire/local-api.js';
import { ClockSpecSchema, FaultSpecSchema } from './local-api.js';

describe('FaultSpecSchema (mock server POST /control/faults)', () => {
  it('accepts an HTTP status for chat and defaults count to 1', () => {
    expect(FaultSpecSchema.parse({ operation: 'chat', error: 500 })).toEqual({
      operation: 'chat',
      error: 500,
      count: 1,
    });
  });

  it('accepts an error code for identity operations and an explicit count', () => {
    expect(FaultSpecSchema.parse({ operation: 'otp.send', error: 'too-many-requests', count: 3 })).toEqual({
      operation: 'otp.send',
      error: 'too-many-requests',
      count: 3,
    });
  });

  it('rejects an unknown operation, a status outside 400–599 and a count below 1', () => {
    const paths = (value: unknown) =>
      FaultSpecSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ operation: 'delete-everything', error: 500 })).toEqual(['operation']);
    expect(paths({ operation: 'chat', error: 200 })).toEqual(['error']);
    expect(paths({ operation: 'chat', error: 500, count: 0 })).toEqual(['count']);
  });
});

describe('ClockSpecSchema (mock server POST /control/clock)', () => {
  it('accepts an offset or an ISO instant with a zone', () => {
    expect(ClockSpecSchema.parse({ offsetMs: -3_600_000 })).toEqual({ offsetMs: -3_600_000 });
    expect(ClockSpecSchema.parse({ now: '2026-03-08T07:00:00Z' })).toEqual({ now: '2026-03-08T07:00:00Z' });
    expect(ClockSpecSchema.parse({ now: '2026-03-08T03:00:00-04:00' })).toEqual({
      now: '2026-03-08T03:00:00-04:00',
    });
  });

  it('rejects a date that is not ISO, a fractional offset, both fields and neither', () => {
    for (const spec of [
      { now: 'tomorrow' },
      { offsetMs: 1.5 },
      { offsetMs: 0, now: '2026-03-08T07:00:00Z' },
      {},
    ]) {
      expect(ClockSpecSchema.safeParse(spec).success).toBe(false);
    }
  });
});

describe('DATA_ROUTES', () => {
  it('encodes ids so they stay one path segment', () => {
    expect(DATA_ROUTES.businessById('a/b')).toBe('/data/businesses/a%2Fb');
    expect(DATA_ROUTES.businessByHandle('bella vista')).toBe('/data/businesses/by-handle/bella%20vista');
    expect(DATA_ROUTES.messages('c?1')).toBe('/data/conversations/c%3F1/messages');
  });
});
