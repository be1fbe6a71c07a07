import { z } from './zod.js';
import { isKnownTimeZone } from '../read/read-helpers.js';

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

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const TimeIntervalSchema = z.object({
  start: z.string().check(z.regex(HHMM, 'must be HH:mm')),
  end: z.string().check(z.regex(HHMM, 'must be HH:mm')),
});
export type TimeInterval = z.infer<typeof TimeIntervalSchema>;

export const DayScheduleSchema = z.object({
  isOpen: z.boolean(),
  intervals: z._default(z.array(TimeIntervalSchema).check(z.maxLength(24)), []),
});
export type DaySchedule = z.infer<typeof DayScheduleSchema>;

export const WeeklyScheduleSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.optional(DayScheduleSchema)])) as Record<
    Weekday,
    z.ZodMiniOptional<typeof DayScheduleSchema>
  >,
);
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;

/** An IANA time zone name that this runtime's Intl knows (e.g. "America/New_York"). */
export const TimeZoneSchema = z
  .string()
  .check(z.refine(isKnownTimeZone, { message: 'must be an IANA time zone name' }));

export const BusinessHoursSchema = z.object({
  weeklySchedule: z.optional(WeeklyScheduleSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

export const BusinessLocationSchema = z.object({
  name: z.optional(z.string().check(z.maxLength(200))),
  address: z.optional(z.string().check(z.maxLength(500))),
  isPrimary: z._default(z.boolean(), false),
  hours: z.optional(BusinessHoursSchema),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'))),
});
export type BusinessLocation = z.infer<typeof BusinessLocationSchema>;

export const SuggestedQuestionSchema = z.object({
  line1: z.string().check(z.minLength(1), z.maxLength(200)),
  line2: z._default(z.string().check(z.maxLength(200)), ''),
});
export type SuggestedQuestion = z.infer<typeof SuggestedQuestionSchema>;

export const VERIFICATION_STATUSES = ['pending', 'denied', 'approved'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** A document id: what Firestore accepts and what is safe in a URL path segment. */
export const DocumentIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(128),
    z.regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "_" or "-"'),
  );

export const HandleSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'must contain only letters, digits, ".", "_" or "-"'),
  );

/** §3 Business, as stored in the 'businesses' collection. */
export const BusinessSchema = z.object({
  id: DocumentIdSchema,
  handle: HandleSchema,
  businessName: z.string().check(z.minLength(1), z.maxLength(200)),
  /** One or two sentences on what the business does; the assistant uses it to introduce the business. */
  description: z.optional(z.string().check(z.maxLength(2000))),
  suggestedQuestions: z._default(z.array(SuggestedQuestionSchema).check(z.maxLength(20)), []),
  verification: z.object({ status: VerificationStatusSchema }),
  locations: z._default(z.array(BusinessLocationSchema).check(z.maxLength(50)), []),
  hours: z.optional(BusinessHoursSchema),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'))),
});
export type Business = z.infer<typeof BusinessSchema>;

/** Chatting is possible only with an approved business (§1, §6). */
export function isChatEnabled(business: Pick<Business, 'verification'>): boolean {
  return business.verification.status === 'approved';
}
