/**
 * §3 Business: every field rule and limit, in one place. The zod schema (../schema/business.ts), the
 * liberal reader (../read/read-business.ts) and the write checks take them from here; this module
 * imports nothing, so the schemas can use it without the model importing them back.
 */

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

/** The lengths and counts of a business's other fields. */
export const BUSINESS = {
  maxNameLength: 200,
  maxDescriptionLength: 2000,
  maxSuggestedQuestions: 20,
  /** Each of a suggested question's two lines. */
  maxQuestionLineLength: 200,
  maxLocations: 50,
  maxLocationNameLength: 200,
  maxAddressLength: 500,
  maxIntervalsPerDay: 24,
} as const;

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

/**
 * A handle's one normal form, in which it is stored, indexed (handles/{handle}) and compared: lowercase.
 * Handles are ASCII (HANDLE.pattern), so this is the whole of case folding; `BellaVista` and `bellavista`
 * are one handle, and a business cannot take another's by changing its case (issue 29).
 */
export function normalHandle(handle: string): string {
  return handle.toLowerCase();
}
