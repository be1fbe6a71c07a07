import { z } from 'zod';
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
  start: z.string().regex(HHMM, 'must be HH:mm'),
  end: z.string().regex(HHMM, 'must be HH:mm'),
});
export type TimeInterval = z.infer<typeof TimeIntervalSchema>;

export const DayScheduleSchema = z.object({
  isOpen: z.boolean(),
  intervals: z.array(TimeIntervalSchema).max(24).default([]),
});
export type DaySchedule = z.infer<typeof DayScheduleSchema>;

export const WeeklyScheduleSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, DayScheduleSchema.optional()])) as Record<
    Weekday,
    z.ZodOptional<typeof DayScheduleSchema>
  >,
);
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;

/** An IANA time zone name that this runtime's Intl knows (e.g. "America/New_York"). */
export const TimeZoneSchema = z.string().refine(isKnownTimeZone, {
  message: 'must be an IANA time zone name',
});

export const BusinessHoursSchema = z.object({
  weeklySchedule: WeeklyScheduleSchema.optional(),
  timeZone: TimeZoneSchema.optional(),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

export const BusinessLocationSchema = z.object({
  name: z.string().max(200).optional(),
  address: z.string().max(500).optional(),
  isPrimary: z.boolean().default(false),
  hours: BusinessHoursSchema.optional(),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
    .optional(),
});
export type BusinessLocation = z.infer<typeof BusinessLocationSchema>;

export const SuggestedQuestionSchema = z.object({
  line1: z.string().min(1).max(200),
  line2: z.string().max(200).default(''),
});
export type SuggestedQuestion = z.infer<typeof SuggestedQuestionSchema>;

export const VERIFICATION_STATUSES = ['pending', 'denied', 'approved'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** A document id: what Firestore accepts and what is safe in a URL path segment. */
export const DocumentIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "_" or "-"');

export const HandleSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must contain only letters, digits, ".", "_" or "-"');

/** §3 Business, as stored in the 'businesses' collection. */
export const BusinessSchema = z.object({
  id: DocumentIdSchema,
  handle: HandleSchema,
  businessName: z.string().min(1).max(200),
  /** One or two sentences on what the business does; the assistant uses it to introduce the business. */
  description: z.string().max(2000).optional(),
  suggestedQuestions: z.array(SuggestedQuestionSchema).max(20).default([]),
  verification: z.object({ status: VerificationStatusSchema }),
  locations: z.array(BusinessLocationSchema).max(50).default([]),
  hours: BusinessHoursSchema.optional(),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
    .optional(),
});
export type Business = z.infer<typeof BusinessSchema>;

/** Chatting is possible only with an approved business (§1, §6). */
export function isChatEnabled(business: Pick<Business, 'verification'>): boolean {
  return business.verification.status === 'approved';
}
