import type { Weekday } from '@chat/core';
import { WEEKDAYS } from '@chat/core';
import type { AssistantTurn } from '../../assistant-types.js';
import {
  formatDay,
  formatTime,
  formatWeek,
  sameWallClock,
  timeZoneLabel,
  weekdayLabel,
} from '../format-hours.js';
import type { NextOpening, OpenStatus } from '../open-status.js';
import { openStatus } from '../open-status.js';
import { pickKeys } from '../smart-replies.js';
import type { ReplyLanguage } from '../visitor-language.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, findUsLink, paragraphs } from './answer-context.js';

/**
 * "What are your hours?" / "Are you open now?" / "¿A qué hora abren mañana?": the open-now status,
 * tomorrow's hours when asked about tomorrow, then the whole week.
 */
export function hoursAnswer(ctx: AnswerContext, options: { tomorrow?: boolean } = {}): AssistantTurn {
  const { language } = ctx;
  const status = openStatus(ctx.business, ctx.nowMs);
  const smartReplies = pickKeys(['location', 'book', 'services'], language);
  if (status.kind === 'no-schedule') {
    return {
      reply: paragraphs(
        language === 'es'
          ? `Lo siento, todavía no tengo el horario de ${boldName(ctx)}.`
          : `I'm sorry, I don't have the opening hours of ${boldName(ctx)} on file yet.`,
        findUsLink(ctx),
      ),
      smartReplies,
    };
  }
  const zone = status.hours.timeZone;
  const zoneName = zone ? timeZoneLabel(zone, ctx.nowMs, language) : null;
  // Only mention the zone when the visitor's clock shows a different time from ours.
  const zoneNote =
    zone && zoneName && !sameWallClock(zone, ctx.userTimezone, ctx.nowMs)
      ? language === 'es'
        ? `_Todas las horas son en ${zoneName}, nuestra hora local._`
        : `_All times are ${zoneName}, our local time._`
      : null;
  const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(status.today) + 1) % 7]!;
  const week = formatWeek(status.hours.weeklySchedule, status.today, language);
  return {
    reply: paragraphs(
      statusSentence(status, language),
      options.tomorrow ? tomorrowSentence(tomorrow, status.hours.weeklySchedule[tomorrow], language) : null,
      language === 'es'
        ? `Este es nuestro horario habitual${zoneName ? ` (${zoneName})` : ''}:\n\n${week}`
        : `Here are our regular hours${zoneName ? ` (${zoneName})` : ''}:\n\n${week}`,
      zoneNote,
      language === 'es'
        ? directionsLink(ctx.business, 'Cómo llegar en Google Maps')
        : directionsLink(ctx.business),
    ),
    smartReplies,
  };
}

function tomorrowSentence(
  day: Weekday,
  schedule: Parameters<typeof formatDay>[0],
  language: ReplyLanguage,
): string {
  const label = weekdayLabel(day, language);
  if (language === 'es') {
    if (!schedule) return `Para mañana (${label}) no tengo el horario.`;
    if (!schedule.isOpen) return `**Mañana (${label}) estamos cerrados.**`;
    return `**Mañana (${label}) abrimos: ${formatDay(schedule, language)}.**`;
  }
  if (!schedule) return `I don't have hours listed for tomorrow (${label}).`;
  if (!schedule.isOpen) return `**Tomorrow (${label}) we're closed.**`;
  return `**Tomorrow (${label}) we're open ${formatDay(schedule, language)}.**`;
}

function statusSentence(
  status: Exclude<OpenStatus, { kind: 'no-schedule' }>,
  language: ReplyLanguage,
): string {
  if (language === 'es') {
    switch (status.kind) {
      case 'unknown-today':
        return `No tengo el horario de hoy (${weekdayLabel(status.today, 'es')}), así que confírmalo con nosotros antes de venir.`;
      case 'open':
        return status.until
          ? `**¡Sí, estamos abiertos ahora!** Abiertos hasta las **${formatTime(status.until, 'es')}**.`
          : '**Sí, hoy estamos abiertos.**';
      case 'closed':
        return status.next
          ? `**Ahora estamos cerrados.** Volvemos a abrir **${nextOpeningText(status.next, 'es')}**.`
          : '**Ahora estamos cerrados**, y no tengo próximos horarios de apertura.';
    }
  }
  switch (status.kind) {
    case 'unknown-today':
      return `I don't have hours listed for today (${weekdayLabel(status.today)}), so please check with us before you come in.`;
    case 'open':
      return status.until
        ? `**Yes, we're open right now!** We're open until **${formatTime(status.until)}**.`
        : "**Yes, we're open today.**";
    case 'closed':
      return status.next
        ? `**We're closed right now.** We open again **${nextOpeningText(status.next)}**.`
        : "**We're closed right now**, and I don't have any upcoming opening hours on file.";
  }
}

/** The next opening as said aloud: 'today at 2:00 PM', 'tomorrow (Tuesday) at 9:00 AM', 'on Friday'. */
export function nextOpeningText(next: NextOpening, language: ReplyLanguage = 'en'): string {
  if (language === 'es') {
    const day =
      next.daysAhead === 0
        ? 'hoy'
        : next.daysAhead === 1
          ? `mañana (${weekdayLabel(next.weekday, 'es')})`
          : `el ${weekdayLabel(next.weekday, 'es')}`;
    return next.start ? `${day} a las ${formatTime(next.start, 'es')}` : day;
  }
  const day =
    next.daysAhead === 0
      ? 'today'
      : next.daysAhead === 1
        ? `tomorrow (${weekdayLabel(next.weekday)})`
        : `on ${weekdayLabel(next.weekday)}`;
  return next.start ? `${day} at ${formatTime(next.start)}` : day;
}
