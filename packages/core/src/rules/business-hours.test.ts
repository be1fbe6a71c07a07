import { describe, expect, it } from 'vitest';
import type { Business, BusinessHours, DaySchedule, WeeklySchedule } from '../model/business.js';
import { effectiveHours, isOutsideBusinessHours, wallClock } from './business-hours.js';

// Every instant is fixed with Date.UTC (month is 0-based); nothing reads the real clock.
// 2026-03-09 is a Monday. US daylight saving starts 2026-03-08 and ends 2026-11-01;
// in Sydney it ends 2026-04-05 and starts 2026-10-04.

type Hours = Pick<Business, 'locations' | 'hours'>;

const open = (...intervals: Array<[string, string]>): DaySchedule => ({
  isOpen: true,
  intervals: intervals.map(([start, end]) => ({ start, end })),
});
const closed: DaySchedule = { isOpen: false, intervals: [] };

/** A business whose only hours are top-level ones. */
const withHours = (timeZone: string, weeklySchedule: WeeklySchedule): Hours => ({
  locations: [],
  hours: { timeZone, weeklySchedule },
});

const outside = (business: Hours, atMs: number) => isOutsideBusinessHours(business, atMs);

describe('wallClock (§9: the business time zone, read with Intl)', () => {
  it('reads weekday and HH:mm in zones on both sides of UTC', () => {
    const at = Date.UTC(2026, 2, 9, 12, 0); // Monday 12:00 UTC
    expect(wallClock(at, 'UTC')).toEqual({ weekday: 'monday', hhmm: '12:00' });
    expect(wallClock(at, 'America/Los_Angeles')).toEqual({ weekday: 'monday', hhmm: '05:00' });
    expect(wallClock(at, 'Asia/Tokyo')).toEqual({ weekday: 'monday', hhmm: '21:00' });
    expect(wallClock(at, 'Australia/Sydney')).toEqual({ weekday: 'monday', hhmm: '23:00' });
    expect(wallClock(at, 'Pacific/Kiritimati')).toEqual({ weekday: 'tuesday', hhmm: '02:00' });
  });

  it('writes midnight as 00:00, never 24:00', () => {
    expect(wallClock(Date.UTC(2026, 2, 9, 0, 0), 'UTC')).toEqual({ weekday: 'monday', hhmm: '00:00' });
    expect(wallClock(Date.UTC(2026, 2, 9, 4, 0), 'America/New_York')).toEqual({
      weekday: 'monday',
      hhmm: '00:00',
    });
  });

  it('crosses the day boundary where the zone does, not where UTC does', () => {
    // Tuesday 02:00 UTC is still Monday evening in New York.
    expect(wallClock(Date.UTC(2026, 2, 10, 2, 0), 'America/New_York')).toEqual({
      weekday: 'monday',
      hhmm: '22:00',
    });
  });

  it('uses the runtime zone when none is given', () => {
    const at = Date.UTC(2026, 2, 9, 12, 34);
    const runtimeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(wallClock(at)).toEqual(wallClock(at, runtimeZone));
  });
});

describe('effectiveHours (§9: primary location’s hours, else top-level hours)', () => {
  const topLevel: BusinessHours = { timeZone: 'America/New_York', weeklySchedule: { monday: closed } };
  const primary: BusinessHours = {
    timeZone: 'America/Chicago',
    weeklySchedule: { monday: open(['09:00', '17:00']) },
  };
  const secondary: BusinessHours = {
    timeZone: 'Europe/Paris',
    weeklySchedule: { monday: open(['10:00', '11:00']) },
  };

  it('prefers the primary location, wherever it is in the list', () => {
    const business: Hours = {
      hours: topLevel,
      locations: [
        { isPrimary: false, hours: secondary },
        { isPrimary: true, hours: primary },
      ],
    };
    expect(effectiveHours(business)).toEqual(primary);
  });

  it('uses the top-level hours when no location is primary', () => {
    expect(effectiveHours({ hours: topLevel, locations: [{ isPrimary: false, hours: secondary }] })).toEqual(
      topLevel,
    );
    expect(effectiveHours({ hours: topLevel, locations: [] })).toEqual(topLevel);
  });

  it('uses the top-level hours when the primary location has none', () => {
    expect(effectiveHours({ hours: topLevel, locations: [{ isPrimary: true }] })).toEqual(topLevel);
  });

  it('takes the top-level time zone when the primary location’s hours name none', () => {
    const noZone: BusinessHours = { weeklySchedule: primary.weeklySchedule };
    expect(effectiveHours({ hours: topLevel, locations: [{ isPrimary: true, hours: noZone }] })).toEqual({
      weeklySchedule: primary.weeklySchedule,
      timeZone: 'America/New_York',
    });
  });

  it('is undefined when the business has no hours at all', () => {
    expect(effectiveHours({ locations: [] })).toBeUndefined();
  });
});

describe('isOutsideBusinessHours (§9 outside-business-hours flag)', () => {
  describe('which hours decide', () => {
    // Monday 10:00 in New York (EDT, UTC-4).
    const mondayMorning = Date.UTC(2026, 2, 9, 14, 0);
    const openMonday: BusinessHours = {
      timeZone: 'America/New_York',
      weeklySchedule: { monday: open(['09:00', '17:00']) },
    };
    const closedMonday: BusinessHours = { timeZone: 'America/New_York', weeklySchedule: { monday: closed } };

    it('uses the primary location’s hours over the top-level hours', () => {
      const business: Hours = {
        hours: closedMonday,
        locations: [
          { isPrimary: false, hours: closedMonday },
          { isPrimary: true, hours: openMonday },
        ],
      };
      expect(outside(business, mondayMorning)).toBe(false);
    });

    it('uses the top-level hours when no location is primary', () => {
      const business: Hours = { hours: closedMonday, locations: [{ isPrimary: false, hours: openMonday }] };
      expect(outside(business, mondayMorning)).toBe(true);
    });

    it('evaluates the primary location’s schedule in the top-level zone when it names none', () => {
      // Monday 08:30 UTC is 17:30 in Tokyo (closed) but 08:30 in UTC (open 08:00–12:00).
      const business: Hours = {
        hours: { timeZone: 'Asia/Tokyo' },
        locations: [{ isPrimary: true, hours: { weeklySchedule: { monday: open(['08:00', '12:00']) } } }],
      };
      expect(outside(business, Date.UTC(2026, 2, 9, 8, 30))).toBe(true);
    });
  });

  describe('time zones on both sides of UTC', () => {
    it('America/Los_Angeles (UTC-7 in March): 10:00–18:00 Monday', () => {
      const la = withHours('America/Los_Angeles', { monday: open(['10:00', '18:00']), tuesday: closed });
      expect(outside(la, Date.UTC(2026, 2, 9, 16, 59))).toBe(true); // 09:59
      expect(outside(la, Date.UTC(2026, 2, 9, 17, 0))).toBe(false); // 10:00
      // 01:00 UTC on Tuesday is still Monday 18:00 in Los Angeles: inside, although Tuesday is closed.
      expect(outside(la, Date.UTC(2026, 2, 10, 1, 0))).toBe(false);
      expect(outside(la, Date.UTC(2026, 2, 10, 1, 1))).toBe(true);
    });

    it('Asia/Tokyo (UTC+9): Sunday evening UTC is already Monday morning', () => {
      const tokyo = withHours('Asia/Tokyo', { sunday: closed, monday: open(['08:00', '12:00']) });
      expect(outside(tokyo, Date.UTC(2026, 2, 8, 23, 30))).toBe(false); // Monday 08:30 JST
      expect(outside(tokyo, Date.UTC(2026, 2, 9, 3, 1))).toBe(true); // Monday 12:01 JST
    });

    it('Australia/Sydney (UTC+11 in March): Monday 09:00–17:00', () => {
      const sydney = withHours('Australia/Sydney', { sunday: closed, monday: open(['09:00', '17:00']) });
      expect(outside(sydney, Date.UTC(2026, 2, 8, 22, 0))).toBe(false); // Monday 09:00 AEDT
      expect(outside(sydney, Date.UTC(2026, 2, 8, 21, 59))).toBe(true); // Monday 08:59 AEDT
    });

    it('Pacific/Kiritimati (UTC+14): Monday 10:00 UTC is Tuesday 00:00', () => {
      const kiritimati = withHours('Pacific/Kiritimati', {
        monday: closed,
        tuesday: open(['00:00', '06:00']),
      });
      expect(outside(kiritimati, Date.UTC(2026, 2, 9, 10, 0))).toBe(false);
      expect(outside(kiritimati, Date.UTC(2026, 2, 9, 9, 59))).toBe(true); // Monday 23:59, closed
    });
  });

  describe('a day boundary that differs between UTC (or the visitor) and the business', () => {
    const newYork = withHours('America/New_York', { monday: open(['18:00', '23:00']), tuesday: closed });

    it('02:00 UTC on Tuesday is Monday 22:00 in New York: inside Monday’s hours', () => {
      expect(outside(newYork, Date.UTC(2026, 2, 10, 2, 0))).toBe(false);
    });

    it('05:00 UTC on Tuesday is Tuesday 01:00 in New York: the closed day', () => {
      expect(outside(newYork, Date.UTC(2026, 2, 10, 5, 0))).toBe(true);
    });
  });

  describe('daylight-saving transitions', () => {
    it('US spring forward (2026-03-08, New York): 02:00 EST jumps to 03:00 EDT', () => {
      const business = withHours('America/New_York', { sunday: open(['03:00', '03:30']) });
      expect(outside(business, Date.UTC(2026, 2, 8, 6, 59))).toBe(true); // 01:59 EST
      // With a fixed UTC-5 offset this would read 02:00 and be outside.
      expect(outside(business, Date.UTC(2026, 2, 8, 7, 0))).toBe(false); // 03:00 EDT
    });

    it('US spring forward: the same UTC time lands an hour later on the wall clock', () => {
      const business = withHours('America/New_York', { monday: open(['09:00', '17:00']) });
      expect(outside(business, Date.UTC(2026, 2, 2, 13, 30))).toBe(true); // Monday 08:30 EST
      expect(outside(business, Date.UTC(2026, 2, 9, 13, 30))).toBe(false); // Monday 09:30 EDT
      expect(outside(business, Date.UTC(2026, 2, 9, 21, 1))).toBe(true); // Monday 17:01 EDT
    });

    it('US fall back (2026-11-01, New York): 01:30 happens twice and is inside both times', () => {
      const business = withHours('America/New_York', { sunday: open(['01:00', '01:45']) });
      expect(outside(business, Date.UTC(2026, 10, 1, 5, 30))).toBe(false); // 01:30 EDT
      expect(outside(business, Date.UTC(2026, 10, 1, 6, 30))).toBe(false); // 01:30 EST
      expect(outside(business, Date.UTC(2026, 10, 1, 6, 50))).toBe(true); // 01:50 EST
      expect(outside(business, Date.UTC(2026, 10, 1, 7, 0))).toBe(true); // 02:00 EST
    });

    it('US fall back: the same UTC time lands an hour earlier on the wall clock', () => {
      const business = withHours('America/New_York', { monday: open(['09:00', '17:00']) });
      expect(outside(business, Date.UTC(2026, 9, 26, 13, 30))).toBe(false); // Monday 09:30 EDT
      expect(outside(business, Date.UTC(2026, 10, 2, 13, 30))).toBe(true); // Monday 08:30 EST
    });

    it('Sydney DST ends (2026-04-05): 03:00 AEDT falls back to 02:00 AEST', () => {
      const business = withHours('Australia/Sydney', { sunday: open(['02:00', '02:59']) });
      expect(outside(business, Date.UTC(2026, 3, 4, 15, 30))).toBe(false); // 02:30 AEDT
      expect(outside(business, Date.UTC(2026, 3, 4, 16, 30))).toBe(false); // 02:30 AEST
      expect(outside(business, Date.UTC(2026, 3, 4, 17, 0))).toBe(true); // 03:00 AEST
    });

    it('Sydney DST starts (2026-10-04): 02:00 AEST jumps to 03:00 AEDT', () => {
      const business = withHours('Australia/Sydney', { sunday: open(['03:00', '04:00']) });
      expect(outside(business, Date.UTC(2026, 9, 3, 15, 59))).toBe(true); // 01:59 AEST
      expect(outside(business, Date.UTC(2026, 9, 3, 16, 0))).toBe(false); // 03:00 AEDT
    });
  });

  describe('bounds and intervals (New York, Monday 2026-03-02, EST = UTC-5)', () => {
    const business = withHours('America/New_York', {
      monday: open(['09:00', '12:00'], ['13:00', '17:00']),
      sunday: { isOpen: false, intervals: [{ start: '00:00', end: '23:59' }] },
    });
    const at = (hour: number, minute: number, second = 0) => Date.UTC(2026, 2, 2, hour + 5, minute, second);

    it('is inside exactly at the start', () => {
      expect(outside(business, at(9, 0))).toBe(false);
      expect(outside(business, at(8, 59))).toBe(true);
    });

    it('is inside exactly at the end, including the seconds of that minute', () => {
      expect(outside(business, at(17, 0))).toBe(false);
      expect(outside(business, at(17, 0, 59))).toBe(false);
    });

    it('is outside one minute after the end', () => {
      expect(outside(business, at(17, 1))).toBe(true);
    });

    it('is outside in the gap between two intervals and inside each of them', () => {
      expect(outside(business, at(10, 30))).toBe(false);
      expect(outside(business, at(12, 0))).toBe(false);
      expect(outside(business, at(12, 1))).toBe(true);
      expect(outside(business, at(12, 30))).toBe(true);
      expect(outside(business, at(12, 59))).toBe(true);
      expect(outside(business, at(13, 0))).toBe(false);
      expect(outside(business, at(15, 0))).toBe(false);
    });

    it('is outside all day on a closed day, whatever intervals it lists', () => {
      expect(outside(business, Date.UTC(2026, 2, 1, 17, 0))).toBe(true); // Sunday 12:00 EST
    });
  });

  describe('overnight intervals (end before start runs past midnight)', () => {
    const bar = withHours('America/New_York', {
      thursday: closed,
      friday: open(['18:00', '02:00']),
      saturday: closed,
    });
    // Friday 2026-03-06 and Saturday 2026-03-07, EST = UTC-5.
    const friday = (hour: number, minute: number) => Date.UTC(2026, 2, 6, hour + 5, minute);
    const saturday = (hour: number, minute: number) => Date.UTC(2026, 2, 7, hour + 5, minute);

    it('covers the evening of its own day', () => {
      expect(outside(bar, friday(17, 59))).toBe(true);
      expect(outside(bar, friday(18, 0))).toBe(false);
      expect(outside(bar, friday(23, 30))).toBe(false);
    });

    it('covers the early hours of the next day up to its end, inclusive', () => {
      expect(outside(bar, saturday(0, 0))).toBe(false);
      expect(outside(bar, saturday(2, 0))).toBe(false);
      expect(outside(bar, saturday(2, 1))).toBe(true);
    });

    it('does not cover the early hours of its own day', () => {
      expect(outside(bar, friday(1, 0))).toBe(true);
    });
  });

  describe('when the flag is false by rule', () => {
    const mondayNoon = Date.UTC(2026, 2, 9, 16, 0);

    it('no schedule at all', () => {
      expect(outside({ locations: [] }, mondayNoon)).toBe(false);
      expect(outside({ locations: [], hours: { timeZone: 'America/New_York' } }, mondayNoon)).toBe(false);
      expect(outside({ locations: [{ isPrimary: true }] }, mondayNoon)).toBe(false);
    });

    it('the day is missing from the schedule', () => {
      expect(outside(withHours('America/New_York', { tuesday: open(['09:00', '17:00']) }), mondayNoon)).toBe(
        false,
      );
    });

    it('the day is open with no intervals', () => {
      expect(outside(withHours('America/New_York', { monday: open() }), mondayNoon)).toBe(false);
    });
  });
});
