/**
 * Whether a business is open at an instant, and when it next opens, in its own time zone. The
 * open/closed decision is core's isOutsideBusinessHours rule (isOutsideScheduleAt: the same rule as the
 * conversation's flag, bounds inclusive, overnight intervals included), so the assistant never
 * contradicts the flag.
 */
import type { Business, BusinessHours, WeeklySchedule, Weekday } from '@chat/core';
import { WEEKDAYS, effectiveHours, isOutsideScheduleAt, wallClock } from '@chat/core';
import { sortedIntervals } from './format-hours.js';

export interface NextOpening {
  weekday: Weekday;
  /** Days from today: 0 today, 1 tomorrow, up to 7 (the same weekday next week). */
  daysAhead: number;
  /** HH:mm, or null when the day is open without listed intervals. */
  start: string | null;
}

export type OpenStatus =
  /** No weekly schedule on file. */
  | { kind: 'no-schedule' }
  /** A schedule, but nothing for today. */
  | { kind: 'unknown-today'; hours: ScheduledHours; today: Weekday }
  /**
   * Open; `until` is the end (HH:mm) of the interval that covers now (after midnight for an
   * overnight one), null when the day is open without listed intervals.
   */
  | { kind: 'open'; hours: ScheduledHours; today: Weekday; until: string | null }
  | { kind: 'closed'; hours: ScheduledHours; today: Weekday; next: NextOpening | null };

export interface ScheduledHours extends BusinessHours {
  weeklySchedule: WeeklySchedule;
}

export function openStatus(business: Pick<Business, 'locations' | 'hours'>, atMs: number): OpenStatus {
  const hours = effectiveHours(business);
  if (!hours?.weeklySchedule) return { kind: 'no-schedule' };
  const scheduled = hours as ScheduledHours;
  const schedule = scheduled.weeklySchedule;
  const { weekday: today, hhmm } = wallClock(atMs, hours.timeZone);
  const day = schedule[today];
  // isOutsideBusinessHours's rule on the wall clock just read (one Intl call per reply, not two).
  if (!isOutsideScheduleAt(schedule, today, hhmm)) {
    const until = coveringEnd(schedule, today, hhmm);
    if (until !== undefined || day?.isOpen)
      return { kind: 'open', hours: scheduled, today, until: until ?? null };
  }
  if (!day) return { kind: 'unknown-today', hours: scheduled, today };
  return { kind: 'closed', hours: scheduled, today, next: nextOpening(schedule, today, hhmm) };
}

/**
 * The end (HH:mm) of the interval covering `hhmm`: last night's overnight interval (end before
 * start) in the early hours, else today's; an overnight interval of today outlasts any other.
 */
function coveringEnd(schedule: WeeklySchedule, today: Weekday, hhmm: string): string | undefined {
  const yesterday = schedule[WEEKDAYS[(WEEKDAYS.indexOf(today) + 6) % 7]!];
  const lastNight = yesterday?.isOpen
    ? yesterday.intervals.find((i) => i.end < i.start && hhmm <= i.end)
    : undefined;
  if (lastNight) return lastNight.end;
  const intervals = schedule[today]?.isOpen ? schedule[today].intervals : [];
  const overnight = intervals.find((i) => i.end < i.start && i.start <= hhmm);
  if (overnight) return overnight.end;
  const covering = intervals.filter((i) => i.start <= hhmm && hhmm <= i.end).map((i) => i.end);
  return covering.sort().at(-1);
}

/** The first opening after `hhmm` on `today`, else on the following days (up to a week ahead). */
function nextOpening(schedule: WeeklySchedule, today: Weekday, hhmm: string): NextOpening | null {
  const todayIndex = WEEKDAYS.indexOf(today);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const weekday = WEEKDAYS[(todayIndex + daysAhead) % 7]!;
    const day = schedule[weekday];
    if (!day?.isOpen) continue;
    const intervals = sortedIntervals(day);
    if (intervals.length === 0) {
      if (daysAhead > 0) return { weekday, daysAhead, start: null };
      continue;
    }
    const later = daysAhead === 0 ? intervals.filter((i) => i.start > hhmm) : intervals;
    if (later[0]) return { weekday, daysAhead, start: later[0].start };
  }
  return null;
}
