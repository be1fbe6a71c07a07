/**
 * Weekly business hours as a receptionist would read them out: in English 12-hour times, in Spanish
 * 24-hour ones, one line per day, and the time zone by its everyday name ("Eastern Time").
 */
import type { DaySchedule, WeeklySchedule, Weekday } from '@chat/core';
import { dateTimeFormat, WEEKDAYS } from '@chat/core';
import type { ReplyLanguage } from './visitor-language.js';

const WEEKDAYS_ES: Record<Weekday, string> = {
  monday: 'lunes',
  tuesday: 'martes',
  wednesday: 'miércoles',
  thursday: 'jueves',
  friday: 'viernes',
  saturday: 'sábado',
  sunday: 'domingo',
};

const DAY_WORDS = {
  en: { unlisted: 'Hours not listed', closed: 'Closed', open: 'Open', today: 'today' },
  es: { unlisted: 'Horario no indicado', closed: 'Cerrado', open: 'Abierto', today: 'hoy' },
} as const;

/** 'monday' → 'Monday' (Spanish: 'lunes'). */
export function weekdayLabel(day: Weekday, language: ReplyLanguage = 'en'): string {
  if (language === 'es') return WEEKDAYS_ES[day];
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** '09:00' → '9:00 AM', '12:30' → '12:30 PM', '00:00' → '12:00 AM'; in Spanish '9:00', '19:00'. */
export function formatTime(hhmm: string, language: ReplyLanguage = 'en'): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  if (language === 'es') return `${Number(h)}:${m}`;
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
export function formatDay(day: DaySchedule | undefined, language: ReplyLanguage = 'en'): string {
  const says = DAY_WORDS[language];
  if (!day) return says.unlisted;
  if (!day.isOpen) return says.closed;
  if (day.intervals.length === 0) return says.open;
  return sortedIntervals(day)
    .map((interval) => `${formatTime(interval.start, language)} – ${formatTime(interval.end, language)}`)
    .join(', ');
}

/** A markdown list of the week, Monday first, with `today` marked. */
export function formatWeek(
  schedule: WeeklySchedule,
  today?: Weekday,
  language: ReplyLanguage = 'en',
): string {
  return WEEKDAYS.map((day) => {
    const marker = day === today ? ` _(${DAY_WORDS[language].today})_` : '';
    const label = weekdayLabel(day, language);
    const capitalised = label.charAt(0).toUpperCase() + label.slice(1);
    return `- **${capitalised}:** ${formatDay(schedule[day], language)}${marker}`;
  }).join('\n');
}

/** The everyday name of a time zone at a given instant ('Eastern Time'), or the IANA name when Intl has none. */
export function timeZoneLabel(timeZone: string, atMs: number, language: ReplyLanguage = 'en'): string {
  try {
    const format =
      language === 'es'
        ? new Intl.DateTimeFormat('es', { timeZone, timeZoneName: 'longGeneric' })
        : dateTimeFormat({ timeZone, timeZoneName: 'longGeneric' });
    const part = format.formatToParts(new Date(atMs)).find((p) => p.type === 'timeZoneName');
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
