/**
 * §9 outside-business-hours flag. Pure: the instant is passed in and the business's wall clock is
 * read with Intl, so daylight-saving changes and day boundaries follow the IANA database of the
 * runtime. Times are compared as HH:mm, so seconds within the last minute of an interval still count.
 */
import { dateTimeFormat } from './date-time-format.js';
import type { Business, BusinessHours, TimeInterval, Weekday, WeeklySchedule } from '../model/business.js';
import { WEEKDAYS } from '../model/business.js';

const WEEKDAY_BY_INTL: Record<string, Weekday> = {
  Monday: 'monday',
  Tuesday: 'tuesday',
  Wednesday: 'wednesday',
  Thursday: 'thursday',
  Friday: 'friday',
  Saturday: 'saturday',
  Sunday: 'sunday',
};

/**
 * The hours that decide the flag: the primary location's, else the business's top-level hours (§9).
 * When the primary location's hours name no time zone, the top-level one is used: it is still the
 * business's zone, and far better than the zone of whichever machine evaluates the flag.
 */
export function effectiveHours(business: Pick<Business, 'locations' | 'hours'>): BusinessHours | undefined {
  const primary = business.locations?.find((location) => location.isPrimary)?.hours;
  if (!primary) return business.hours;
  if (primary.timeZone || !business.hours?.timeZone) return primary;
  return { ...primary, timeZone: business.hours.timeZone };
}

/** The weekday and HH:mm wall-clock time at `atMs` in `timeZone` (the runtime's zone when absent). */
export function wallClock(atMs: number, timeZone?: string): { weekday: Weekday; hhmm: string } {
  const parts = dateTimeFormat({
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(atMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAY_BY_INTL[part('weekday')];
  if (!weekday) throw new Error(`Unexpected weekday from Intl: ${part('weekday')}`);
  return { weekday, hhmm: `${part('hour')}:${part('minute')}` };
}

/** An interval whose end is before its start runs past midnight into the next day (e.g. 18:00–02:00). */
function isOvernight(interval: TimeInterval): boolean {
  return interval.end < interval.start;
}

/** Whether an interval of today covers `hhmm`; an overnight one covers from its start to midnight. */
function coversToday(interval: TimeInterval, hhmm: string): boolean {
  if (isOvernight(interval)) return interval.start <= hhmm;
  return interval.start <= hhmm && hhmm <= interval.end;
}

function previousWeekday(weekday: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(weekday) + WEEKDAYS.length - 1) % WEEKDAYS.length]!;
}

/**
 * §9 outside-business-hours flag, evaluated at conversation creation in the business's time zone:
 * true when the day is closed or no interval covers the current HH:mm (bounds inclusive);
 * false when there is no schedule, or the day is open with no intervals. The early hours covered
 * by the previous day's overnight interval count as open even when the day itself is closed.
 */
export function isOutsideBusinessHours(
  business: Pick<Business, 'locations' | 'hours'>,
  atMs: number,
): boolean {
  const hours = effectiveHours(business);
  const schedule = hours?.weeklySchedule;
  if (!schedule) return false;
  const { weekday, hhmm } = wallClock(atMs, hours.timeZone);
  return isOutsideScheduleAt(schedule, weekday, hhmm);
}

/**
 * The same flag for a wall-clock time already read (wallClock), so a caller that needs the weekday
 * and HH:mm anyway reads the clock through Intl once.
 */
export function isOutsideScheduleAt(schedule: WeeklySchedule, weekday: Weekday, hhmm: string): boolean {
  const yesterday = schedule[previousWeekday(weekday)];
  if (yesterday?.isOpen && yesterday.intervals.some((i) => isOvernight(i) && hhmm <= i.end)) return false;
  const day = schedule[weekday];
  if (!day) return false;
  if (!day.isOpen) return true;
  if (day.intervals.length === 0) return false;
  return !day.intervals.some((interval) => coversToday(interval, hhmm));
}
