import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatTime,
  formatWeek,
  sameWallClock,
  timeZoneLabel,
  weekdayLabel,
} from './format-hours.js';
import { SALON } from '../assistant-test-fixtures.js';

describe('format-hours', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['09:05', '9:05 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['13:30', '1:30 PM'],
    ['23:59', '11:59 PM'],
  ])('formats %s as %s', (hhmm, text) => {
    expect(formatTime(hhmm)).toBe(text);
  });

  it('describes a day: closed, open without intervals, missing, or its intervals sorted', () => {
    expect(formatDay({ isOpen: false, intervals: [{ start: '09:00', end: '17:00' }] })).toBe('Closed');
    expect(formatDay({ isOpen: true, intervals: [] })).toBe('Open');
    expect(formatDay(undefined)).toBe('Hours not listed');
    expect(
      formatDay({
        isOpen: true,
        intervals: [
          { start: '13:00', end: '19:00' },
          { start: '09:00', end: '12:00' },
        ],
      }),
    ).toBe('9:00 AM – 12:00 PM, 1:00 PM – 7:00 PM');
    expect(formatDay({ isOpen: true, intervals: [{ start: '18:00', end: '02:00' }] })).toBe(
      '6:00 PM – 2:00 AM',
    );
  });

  it('lists the week from Monday with today marked', () => {
    const week = formatWeek(SALON.locations[0]!.hours!.weeklySchedule!, 'sunday').split('\n');
    expect(week).toHaveLength(7);
    expect(week[0]).toBe('- **Monday:** 9:00 AM – 7:00 PM');
    expect(week[6]).toBe('- **Sunday:** Closed _(today)_');
    expect(formatWeek({ monday: { isOpen: true, intervals: [] } })).toContain(
      '- **Tuesday:** Hours not listed',
    );
  });

  it('names time zones as people say them, falling back to the IANA name', () => {
    expect(timeZoneLabel('America/New_York', Date.UTC(2026, 0, 15))).toBe('Eastern Time');
    expect(timeZoneLabel('America/New_York', Date.UTC(2026, 6, 15))).toBe('Eastern Time');
    expect(timeZoneLabel('Not/AZone', 0)).toBe('Not/AZone');
    expect(weekdayLabel('wednesday')).toBe('Wednesday');
  });

  it('tells whether two zones show the same time now', () => {
    const at = Date.UTC(2026, 2, 2, 15, 30);
    expect(sameWallClock('America/New_York', 'America/Toronto', at)).toBe(true);
    expect(sameWallClock('America/New_York', 'Europe/Paris', at)).toBe(false);
    expect(sameWallClock('America/New_York', 'garbage', at)).toBe(false);
    expect(sameWallClock('America/New_York', 'America/New_York', at)).toBe(true);
    expect(sameWallClock('garbage', 'garbage', at)).toBe(false);
  });
});
