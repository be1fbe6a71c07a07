import type { AssistantTurn } from '../../assistant-types.js';
import { formatTime, formatWeek, sameWallClock, timeZoneLabel, weekdayLabel } from '../format-hours.js';
import type { NextOpening, OpenStatus } from '../open-status.js';
import { openStatus } from '../open-status.js';
import { REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, paragraphs } from './answer-context.js';

/** "What are your hours?" / "Are you open now?": the open-now status, then the whole week. */
export function hoursAnswer(ctx: AnswerContext): AssistantTurn {
  const status = openStatus(ctx.business, ctx.nowMs);
  const smartReplies = pickReplies([REPLIES.location, REPLIES.book, REPLIES.services]);
  if (status.kind === 'no-schedule') {
    return {
      reply: paragraphs(
        `I'm sorry, I don't have the opening hours of ${boldName(ctx)} on file yet.`,
        directionsLink(ctx.business, 'Find us on Google Maps'),
      ),
      smartReplies,
    };
  }
  const zone = status.hours.timeZone;
  const zoneName = zone ? timeZoneLabel(zone, ctx.nowMs) : null;
  // Only mention the zone when the visitor's clock shows a different time from ours.
  const zoneNote =
    zone && zoneName && !sameWallClock(zone, ctx.userTimezone, ctx.nowMs)
      ? `_All times are ${zoneName}, our local time._`
      : null;
  return {
    reply: paragraphs(
      statusSentence(status),
      `Here are our regular hours${zoneName ? ` (${zoneName})` : ''}:\n\n${formatWeek(status.hours.weeklySchedule, status.today)}`,
      zoneNote,
      directionsLink(ctx.business),
    ),
    smartReplies,
  };
}

function statusSentence(status: Exclude<OpenStatus, { kind: 'no-schedule' }>): string {
  switch (status.kind) {
    case 'unknown-today':
      return `I don't have hours listed for today (${weekdayLabel(status.today)}), so please check with us before you come in.`;
    case 'open':
      return status.until
        ? `**Yes, we're open right now!** We're open until **${formatTime(status.until)}**.`
        : "**Yes, we're open today.**";
    case 'closed':
      return status.next
        ? `**We're closed right now.** We open again ${whenNext(status.next)}.`
        : "**We're closed right now**, and I don't have any upcoming opening hours on file.";
  }
}

function whenNext(next: NextOpening): string {
  const day =
    next.daysAhead === 0
      ? 'today'
      : next.daysAhead === 1
        ? `tomorrow (${weekdayLabel(next.weekday)})`
        : `on ${weekdayLabel(next.weekday)}`;
  return next.start ? `**${day} at ${formatTime(next.start)}**` : `**${day}**`;
}
