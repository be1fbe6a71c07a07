/**
 * §3 Business: the constants and predicates the page needs, without the schema library. The zod
 * schemas that servers validate with (../schema/business.ts) are built from these same constants;
 * the types are theirs (`import type`, erased from the page's bundle).
 */
import type * as z from 'zod/mini';
import type {
  BusinessHoursSchema,
  BusinessLocationSchema,
  BusinessSchema,
  DayScheduleSchema,
  FaqEntrySchema,
  SuggestedQuestionSchema,
  TimeIntervalSchema,
  WeeklyScheduleSchema,
} from '../schema/business.js';

/** The days of a weekly schedule, in the order a week is shown. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time of day as opening hours write it: 24-hour HH:mm, 00:00 to 23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A brand colour as stored: '#' and six hex digits. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The optional FAQ list on a business: how many entries, and how long each part may be. */
export const FAQ = { maxEntries: 50, maxQuestionLength: 300, maxAnswerLength: 2000 } as const;

export const VERIFICATION_STATUSES = ['pending', 'denied', 'approved'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A document id: what Firestore accepts and what is safe in a URL path segment. */
export const DOCUMENT_ID = {
  maxLength: 128,
  pattern: /^[A-Za-z0-9_-]+$/,
  patternMessage: 'must contain only letters, digits, "_" or "-"',
} as const;

/** A business's public handle, as in /b/{handle}. */
export const HANDLE = {
  maxLength: 64,
  pattern: /^[A-Za-z0-9_.-]+$/,
  patternMessage: 'must contain only letters, digits, ".", "_" or "-"',
} as const;

export function isDocumentId(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= DOCUMENT_ID.maxLength && DOCUMENT_ID.pattern.test(value)
  );
}

export function isHandle(value: unknown): value is string {
  return typeof value === 'string' && value.length <= HANDLE.maxLength && HANDLE.pattern.test(value);
}

export type TimeInterval = z.infer<typeof TimeIntervalSchema>;
export type DaySchedule = z.infer<typeof DayScheduleSchema>;
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;
export type BusinessLocation = z.infer<typeof BusinessLocationSchema>;
export type SuggestedQuestion = z.infer<typeof SuggestedQuestionSchema>;
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export type Business = z.infer<typeof BusinessSchema>;

/** Chatting is possible only with an approved business (§1, §6). */
export function isChatEnabled(business: Pick<Business, 'verification'>): boolean {
  return business.verification.status === 'approved';
}
