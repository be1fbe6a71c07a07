import type { Business, BusinessHours, Weekday } from '../model/business.js';

const WEEKDAY_BY_INTL: Record<string, Weekday> = {
  Monday: 'monday',
  Tuesday: 'tuesday',
  Wednesday: 'wednesday',
  Thursday: 'thursday',
  Friday: 'friday',
  Saturday: 'saturday',
  Sunday: 'sunday',
};

/** The hours that decide the flag: the primary location's, else the business's top-level hours (§9). */
export function effectiveHours(business: Pick<Business, 'locations' | 'hours'>): BusinessHours | undefined {
  const primary = business.locations?.find((location) => location.isPrimary);
  return primary?.hours ?? business.hours;
}

/** The weekday and HH:mm wall-clock time at `atMs` in `timeZone` (the runtime's zone when absent). */
export function wallClock(atMs: number, timeZone?: string): { weekday: Weekday; hhmm: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
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

/**
 * §9 outside-business-hours flag, evaluated at conversation creation in the business's time zone:
 * true when the day is closed or no interval covers the current HH:mm (bounds inclusive);
 * false when there is no schedule, or the day is open with no intervals.
 */
export function isOutsideBusinessHours(business: Pick<Business, 'locations' | 'hours'>, atMs: number): boolean {
  const hours = effectiveHours(business);
  const schedule = hours?.weeklySchedule;
  if (!schedule) return false;
  const { weekday, hhmm } = wallClock(atMs, hours.timeZone);
  const day = schedule[weekday];
  if (!day) return false;
  if (!day.isOpen) return true;
  if (day.intervals.length === 0) return false;
  return !day.intervals.some((interval) => interval.start <= hhmm && hhmm <= interval.end);
}
