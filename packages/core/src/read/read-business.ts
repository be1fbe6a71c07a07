/**
 * The business as the page reads it (§3), whoever wrote it. Unlike BusinessSchema (what this
 * product writes), it keeps the page up when a field is off:
 *   - a verification status other than approved/denied reads as 'pending' ('Not Yet Verified', §4);
 *   - a malformed day of hours ('24:00', '9:00', a missing isOpen) is dropped with one warning, so the
 *     outside-hours flag sees no usable schedule for that day; an unknown time zone drops the
 *     schedule it belongs to (no day can be placed without it);
 *   - a missing handle reads as '', an empty suggested-question line is skipped, and so is an FAQ
 *     entry without a question or an answer; unknown fields go;
 *   - a brandColor (the business's, or a location's) that is not '#rrggbb' is dropped with a warning,
 *     so the page keeps its default colours.
 * Only a business without a name, or not an object at all, cannot be read.
 */
import type {
  Business,
  BusinessHours,
  BusinessLocation,
  DaySchedule,
  FaqEntry,
  SuggestedQuestion,
  TimeInterval,
  VerificationStatus,
  WeeklySchedule,
} from '../model/business.js';
import {
  BRAND_COLOR_PATTERN,
  BUSINESS,
  FAQ,
  isHandle,
  TIME_OF_DAY_PATTERN,
  VERIFICATION_STATUSES,
  WEEKDAYS,
} from '../model/business.js';
import {
  clip,
  isKnownTimeZone,
  isNonEmptyString,
  isRecord,
  optionalString,
  type ReadResult,
} from './read-helpers.js';

const KNOWN_STATUSES: readonly VerificationStatus[] = VERIFICATION_STATUSES;

export function readBusiness(raw: unknown, id?: string): ReadResult<Business> {
  if (!isRecord(raw)) return { ok: false, problem: 'a business must be an object' };
  const businessId = id ?? raw.id;
  if (!isNonEmptyString(businessId)) return { ok: false, problem: 'id: missing' };
  if (!isNonEmptyString(raw.businessName)) return { ok: false, problem: 'businessName: missing' };
  const warnings: string[] = [];
  const warn = (field: string, why: string) => warnings.push(`business ${businessId}: ${field} ${why}`);

  const business: Business = {
    id: businessId,
    handle: isHandle(raw.handle) ? raw.handle : '',
    businessName: clip(raw.businessName.trim(), BUSINESS.maxNameLength),
    suggestedQuestions: readSuggestedQuestions(raw.suggestedQuestions),
    verification: { status: readStatus(raw.verification) },
    locations: readLocations(raw.locations, warn),
  };
  const description = optionalString(raw.description, BUSINESS.maxDescriptionLength);
  if (description !== undefined) business.description = description;
  const faq = readFaq(raw.faq);
  if (faq.length > 0) business.faq = faq;
  if (raw.hours !== undefined) {
    const hours = readHours(raw.hours, 'hours', warn);
    if (hours) business.hours = hours;
  }
  const brandColor = readBrandColor(raw.brandColor, 'brandColor', warn);
  if (brandColor !== undefined) business.brandColor = brandColor;
  return { ok: true, value: business, warnings };
}

/** A '#rrggbb' colour, or undefined (absent, or malformed with one warning). */
function readBrandColor(raw: unknown, field: string, warn: Warn): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' && BRAND_COLOR_PATTERN.test(raw)) return raw;
  warn(field, `${JSON.stringify(raw)} is not a colour written #rrggbb; the default colours are used`);
  return undefined;
}

/** §4: any status other than approved or denied is shown as not yet verified. */
function readStatus(verification: unknown): VerificationStatus {
  const status = isRecord(verification) ? verification.status : undefined;
  return KNOWN_STATUSES.includes(status as VerificationStatus) ? (status as VerificationStatus) : 'pending';
}

function readSuggestedQuestions(raw: unknown): SuggestedQuestion[] {
  if (!Array.isArray(raw)) return [];
  const questions: SuggestedQuestion[] = [];
  for (const item of raw) {
    if (!isRecord(item) || !isNonEmptyString(item.line1)) continue;
    questions.push({
      line1: clip(item.line1.trim(), BUSINESS.maxQuestionLineLength),
      line2: typeof item.line2 === 'string' ? clip(item.line2.trim(), BUSINESS.maxQuestionLineLength) : '',
    });
    if (questions.length === BUSINESS.maxSuggestedQuestions) break;
  }
  return questions;
}

/** The FAQ entries with both a question and an answer; the rest are skipped. */
function readFaq(raw: unknown): FaqEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: FaqEntry[] = [];
  for (const item of raw) {
    if (!isRecord(item) || !isNonEmptyString(item.question) || !isNonEmptyString(item.answer)) continue;
    entries.push({
      question: clip(item.question.trim(), FAQ.maxQuestionLength),
      answer: clip(item.answer.trim(), FAQ.maxAnswerLength),
    });
    if (entries.length === FAQ.maxEntries) break;
  }
  return entries;
}

type Warn = (field: string, why: string) => void;

function readLocations(raw: unknown, warn: Warn): BusinessLocation[] {
  if (!Array.isArray(raw)) return [];
  const locations: BusinessLocation[] = [];
  raw.slice(0, BUSINESS.maxLocations).forEach((item, index) => {
    if (!isRecord(item)) return warn(`locations[${index}]`, 'is not an object; skipped');
    const location: BusinessLocation = { isPrimary: item.isPrimary === true };
    const name = optionalString(item.name, BUSINESS.maxLocationNameLength);
    const address = optionalString(item.address, BUSINESS.maxAddressLength);
    if (name !== undefined) location.name = name;
    if (address !== undefined) location.address = address;
    if (item.hours !== undefined) {
      const hours = readHours(item.hours, `locations[${index}].hours`, warn);
      if (hours) location.hours = hours;
    }
    const brandColor = readBrandColor(item.brandColor, `locations[${index}].brandColor`, warn);
    if (brandColor !== undefined) location.brandColor = brandColor;
    locations.push(location);
  });
  return locations;
}

/** Hours with every malformed part dropped (one warning each); undefined when nothing is usable. */
export function readHours(raw: unknown, field: string, warn: Warn): BusinessHours | undefined {
  if (!isRecord(raw)) {
    warn(field, 'is not an object; skipped');
    return undefined;
  }
  const hours: BusinessHours = {};
  if (raw.timeZone !== undefined) {
    if (typeof raw.timeZone === 'string' && isKnownTimeZone(raw.timeZone)) {
      hours.timeZone = raw.timeZone;
    } else {
      warn(
        `${field}.timeZone`,
        `${JSON.stringify(raw.timeZone)} is not a known time zone; its schedule is skipped`,
      );
      return hours;
    }
  }
  if (raw.weeklySchedule !== undefined) {
    if (!isRecord(raw.weeklySchedule)) {
      warn(`${field}.weeklySchedule`, 'is not an object; skipped');
    } else {
      const schedule: WeeklySchedule = {};
      for (const day of WEEKDAYS) {
        const value = raw.weeklySchedule[day];
        if (value === undefined) continue;
        const read = readDay(value);
        if (typeof read === 'string') warn(`${field}.weeklySchedule.${day}`, `${read}; the day is skipped`);
        else schedule[day] = read;
      }
      hours.weeklySchedule = schedule;
    }
  }
  return hours;
}

/** A usable day, or why it is not. */
function readDay(raw: unknown): DaySchedule | string {
  if (!isRecord(raw)) return 'is not an object';
  if (typeof raw.isOpen !== 'boolean') return 'isOpen is not true or false';
  if (raw.intervals === undefined) return { isOpen: raw.isOpen, intervals: [] };
  if (!Array.isArray(raw.intervals)) return 'intervals is not a list';
  const intervals: TimeInterval[] = [];
  for (const interval of raw.intervals) {
    if (!isRecord(interval)) return 'an interval is not an object';
    const { start, end } = interval;
    if (typeof start !== 'string' || !TIME_OF_DAY_PATTERN.test(start))
      return `start ${JSON.stringify(start)} is not HH:mm`;
    if (typeof end !== 'string' || !TIME_OF_DAY_PATTERN.test(end))
      return `end ${JSON.stringify(end)} is not HH:mm`;
    intervals.push({ start, end });
  }
  return { isOpen: raw.isOpen, intervals };
}
