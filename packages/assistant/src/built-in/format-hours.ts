/**
 * Weekly business hours as a receptionist would read them out: 12-hour times, one line per day,
 * and the time zone by its everyday name ("Eastern Time").
 */
import type { DaySchedule, WeeklySchedule, Weekday } from '@chat/core';
import { dateTimeFormat, WEEKDAYS } from '@chat/core';

/** 'monday' → 'Monday'. */
export function weekdayLabel(day: Weekday): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** '09:00' → '9:00 AM', '12:30' → '12:30 PM', '00:00' → '12:00 AM'. */
export function formatTime(hhmm: string): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  const hour = Number(h);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${m} ${suffix}`;
}

/** The intervals of a day sorted by start time. */
export function sortedIntervals(day: DaySchedule): DaySchedule['intervals'] {
  return [...day.intervals].sort((a, b) => a.start.localeCompare(b.start));
}

/** One day's hours in words: 'Closed', 'Open', 'Hours not listed' or '9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM'. */
export function formatDay(day: DaySchedule | undefined): string {
  if (!day) return 'Hours not listed';
  if (!day.isOpen) return 'Closed';
  if (day.intervals.length === 0) return 'Open';
  return sortedIntervals(day)
    .map((interval) => `${formatTime(interval.start)} – ${formatTime(interval.end)}`)
    .join(', ');
}

/** A markdown list of the week, Monday first, with `today` marked. */
export function formatWeek(schedule: WeeklySchedule, today?: Weekday): string {
  return WEEKDAYS.map((day) => {
    const marker = day === today ? ' _(today)_' : '';
    return `- **${weekdayLabel(day)}:** ${formatDay(schedule[day])}${marker}`;
  }).join('\n');
}

/** The everyday name of a time zone at a given instant ('Eastern Time'), or the IANA name when Intl has none. */
export function timeZoneLabel(timeZone: string, atMs: number): string {
  try {
    const part = dateTimeFormat({ timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(atMs))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** Whether two time zones show the same wall-clock time at `atMs`; false when either is unknown to Intl. */
export function sameWallClock(a: string, b: string, atMs: number): boolean {
  try {
    const formatIn = (timeZone: string) =>
      dateTimeFormat({ timeZone, dateStyle: 'short', timeStyle: 'short' });
    if (a === b) {
      // One zone shows one wall clock: nothing to format. Getting the formatter still refuses an unknown zone.
      formatIn(a);
      return true;
    }
    return formatIn(a).format(atMs) === formatIn(b).format(atMs);
  } catch {
    return false;
  }
}
