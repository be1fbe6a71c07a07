import type { Business } from '@chat/core';
import { BusinessSchema, isOutsideBusinessHours } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { SALON } from '../assistant-test-fixtures.js';
import { openStatus } from './open-status.js';

/** An instant given as New York wall-clock time; March 2026 dates before the 8th are EST (UTC-5). */
function newYork(isoLocal: string, offset = '-05:00'): number {
  return Date.parse(`${isoLocal}${offset}`);
}

function withHours(hours: Business['hours'], locations: Business['locations'] = []): Business {
  return BusinessSchema.parse({ ...SALON, locations, hours });
}

describe('openStatus', () => {
  it('is open inside an interval, until its end', () => {
    expect(openStatus(SALON, newYork('2026-03-02T10:30:00'))).toMatchObject({
      kind: 'open',
      today: 'monday',
      until: '19:00',
    });
  });

  it('counts both bounds of an interval as open, like the conversation flag', () => {
    expect(openStatus(SALON, newYork('2026-03-02T09:00:00')).kind).toBe('open');
    expect(openStatus(SALON, newYork('2026-03-02T19:00:59')).kind).toBe('open');
    expect(openStatus(SALON, newYork('2026-03-02T08:59:59')).kind).toBe('closed');
  });

  it('after closing, names tomorrow as the next opening', () => {
    expect(openStatus(SALON, newYork('2026-03-02T19:01:00'))).toMatchObject({
      kind: 'closed',
      today: 'monday',
      next: { weekday: 'tuesday', daysAhead: 1, start: '09:00' },
    });
  });

  it('in a lunch break, names the afternoon interval today', () => {
    expect(openStatus(SALON, newYork('2026-03-04T12:30:00'))).toMatchObject({
      kind: 'closed',
      next: { weekday: 'wednesday', daysAhead: 0, start: '13:00' },
    });
  });

  it('skips closed days when looking for the next opening', () => {
    expect(openStatus(SALON, newYork('2026-03-07T17:00:00'))).toMatchObject({
      kind: 'closed',
      today: 'saturday',
      next: { weekday: 'monday', daysAhead: 2, start: '09:00' },
    });
    expect(openStatus(SALON, newYork('2026-03-08T12:00:00', '-04:00'))).toMatchObject({
      kind: 'closed',
      today: 'sunday',
      next: { weekday: 'monday', daysAhead: 1 },
    });
  });

  it('follows daylight saving time in the business zone', () => {
    // 13:30 UTC is 9:30 in New York in July (EDT) but 8:30 in January (EST).
    expect(openStatus(SALON, Date.parse('2026-07-06T13:30:00Z')).kind).toBe('open');
    expect(openStatus(SALON, Date.parse('2026-01-05T13:30:00Z')).kind).toBe('closed');
  });

  it('uses top-level hours when there is no primary location', () => {
    const business = withHours({
      timeZone: 'Europe/Paris',
      weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '08:00', end: '12:00' }] } },
    });
    expect(openStatus(business, Date.parse('2026-03-02T10:00:00Z'))).toMatchObject({
      kind: 'open',
      until: '12:00',
    });
  });

  it('reports no schedule, a day not listed, and a day open without intervals', () => {
    expect(openStatus(withHours(undefined), 0)).toEqual({ kind: 'no-schedule' });
    const partial = withHours({
      timeZone: 'UTC',
      weeklySchedule: { monday: { isOpen: true, intervals: [] } },
    });
    expect(openStatus(partial, Date.parse('2026-03-02T03:00:00Z'))).toMatchObject({
      kind: 'open',
      until: null,
    });
    expect(openStatus(partial, Date.parse('2026-03-03T03:00:00Z'))).toMatchObject({
      kind: 'unknown-today',
      today: 'tuesday',
    });
  });

  it('counts an overnight interval as open past midnight, as the conversation flag does', () => {
    const lateBar = withHours({
      timeZone: 'UTC',
      weeklySchedule: {
        friday: { isOpen: true, intervals: [{ start: '18:00', end: '02:00' }] },
        saturday: { isOpen: false, intervals: [] },
      },
    });
    expect(openStatus(lateBar, Date.parse('2026-03-06T23:00:00Z'))).toMatchObject({
      kind: 'open',
      until: '02:00',
    });
    expect(openStatus(lateBar, Date.parse('2026-03-07T01:00:00Z'))).toMatchObject({
      kind: 'open',
      until: '02:00',
    });
    expect(openStatus(lateBar, Date.parse('2026-03-07T03:00:00Z'))).toMatchObject({
      kind: 'closed',
      next: { weekday: 'friday', daysAhead: 6, start: '18:00' },
    });
  });

  it('is closed with no next opening when every day is closed', () => {
    const closed = withHours({
      timeZone: 'UTC',
      weeklySchedule: { monday: { isOpen: false, intervals: [] } },
    });
    expect(openStatus(closed, Date.parse('2026-03-02T12:00:00Z'))).toMatchObject({
      kind: 'closed',
      next: null,
    });
  });

  it('agrees with isOutsideBusinessHours at every quarter hour of a week', () => {
    const start = newYork('2026-03-02T00:00:00');
    for (let at = start; at < start + 7 * 24 * 3600_000; at += 15 * 60_000) {
      const status = openStatus(SALON, at);
      expect(status.kind === 'open', new Date(at).toISOString()).toBe(!isOutsideBusinessHours(SALON, at));
    }
  });
});
