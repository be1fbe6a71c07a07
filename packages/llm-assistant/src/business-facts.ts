/**
 * What the tools tell the model about a business: plain JSON facts computed by code from the
 * business's own record. Hours and open-now come from core's rules in the business's time zone, so
 * the model never does time arithmetic; every address comes with its map link.
 */
import type { Business } from '@chat/core';
import { WEEKDAYS, wallClock } from '@chat/core';
import {
  formatDay,
  formatTime,
  mapsUrl,
  nextOpeningText,
  openStatus,
  sameWallClock,
  timeZoneLabel,
  weekdayLabel,
} from '@chat/assistant';

/** The moment and the visitor a turn is about. */
export interface FactsContext {
  business: Business;
  nowMs: number;
  /** The visitor's IANA time zone, as the page reports it. */
  userTimezone: string;
}

export interface OpeningHoursFacts {
  /** False when the business has no weekly schedule on file (then every other field is absent). */
  known: boolean;
  timeZone?: string;
  /** The zone's everyday name, e.g. "Eastern Time". */
  timeZoneName?: string;
  /** The business's local day and time now, e.g. "Monday 10:30 AM". */
  localNow?: string;
  openNow?: boolean;
  /** Until when it stays open, when open now and known, e.g. "7:00 PM". */
  openUntil?: string;
  /** The next opening when closed now, e.g. "tomorrow (Tuesday) at 9:00 AM". */
  nextOpening?: string;
  /** One entry per day, Monday first: "9:00 AM – 7:00 PM", "Closed", "Open" or "Hours not listed". */
  week?: Array<{ day: string; hours: string; today: boolean }>;
  /** Set when the visitor's clock shows another time: the hours are the business's local time. */
  visitorTimeZoneNote?: string;
}

export function openingHoursFacts({ business, nowMs, userTimezone }: FactsContext): OpeningHoursFacts {
  const status = openStatus(business, nowMs);
  if (status.kind === 'no-schedule') return { known: false };
  const zone = status.hours.timeZone;
  const clock = wallClock(nowMs, zone);
  const facts: OpeningHoursFacts = {
    known: true,
    localNow: `${weekdayLabel(clock.weekday)} ${formatTime(clock.hhmm)}`,
    openNow: status.kind === 'open',
    week: WEEKDAYS.map((day) => ({
      day: weekdayLabel(day),
      hours: formatDay(status.hours.weeklySchedule[day]),
      today: day === status.today,
    })),
  };
  if (zone) {
    facts.timeZone = zone;
    facts.timeZoneName = timeZoneLabel(zone, nowMs);
    if (!sameWallClock(zone, userTimezone, nowMs)) {
      facts.visitorTimeZoneNote = `All times are ${facts.timeZoneName}, the business's local time; the visitor is in ${userTimezone}.`;
    }
  }
  if (status.kind === 'open' && status.until) facts.openUntil = formatTime(status.until);
  if (status.kind === 'closed' && status.next) facts.nextOpening = nextOpeningText(status.next);
  return facts;
}

export interface LocationFacts {
  name?: string;
  address: string;
  isMain: boolean;
  mapLink: string;
}

/** Every location with an address, the main one first. */
export function locationFacts(business: Business): LocationFacts[] {
  return [...business.locations]
    .filter((location) => location.address?.trim())
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    .map((location) => {
      const address = location.address!.trim();
      return {
        ...(location.name?.trim() ? { name: location.name.trim() } : {}),
        address,
        isMain: location.isPrimary,
        mapLink: mapsUrl(address),
      };
    });
}

export interface ServicesFacts {
  businessName: string;
  /** The business's own description, or null when it has none. */
  description: string | null;
  /** There is no price list: prices are confirmed when booking. */
  pricesListed: false;
}

export function servicesFacts(business: Business): ServicesFacts {
  return {
    businessName: business.businessName,
    description: business.description?.trim() || null,
    pricesListed: false,
  };
}

export function suggestedQuestionFacts(business: Business): string[] {
  return business.suggestedQuestions.map((q) => `${q.line1} ${q.line2}`.trim());
}

export function faqFacts(business: Business): Array<{ question: string; answer: string }> {
  return business.faq ?? [];
}
