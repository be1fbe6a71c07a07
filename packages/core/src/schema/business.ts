import {
  BRAND_COLOR_PATTERN,
  BUSINESS,
  FAQ,
  TIME_OF_DAY_PATTERN,
  VERIFICATION_STATUSES,
  WEEKDAYS,
  type Weekday,
} from '../fields/business-fields.js';
import { isKnownTimeZone } from '../read/read-helpers.js';
import { DocumentIdCheck, HandleCheck } from '../write/write-checks.js';
import { z } from './zod.js';
import { zodOf } from './zod-of.js';

export const TimeIntervalSchema = z.object({
  start: z.string().check(z.regex(TIME_OF_DAY_PATTERN, 'must be HH:mm')),
  end: z.string().check(z.regex(TIME_OF_DAY_PATTERN, 'must be HH:mm')),
});

export const DayScheduleSchema = z.object({
  isOpen: z.boolean(),
  intervals: z._default(z.array(TimeIntervalSchema).check(z.maxLength(BUSINESS.maxIntervalsPerDay)), []),
});

export const WeeklyScheduleSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.optional(DayScheduleSchema)])) as Record<
    Weekday,
    z.ZodMiniOptional<typeof DayScheduleSchema>
  >,
);

/** An IANA time zone name that this runtime's Intl knows (e.g. "America/New_York"). */
export const TimeZoneSchema = z
  .string()
  .check(z.refine(isKnownTimeZone, { message: 'must be an IANA time zone name' }));

export const BusinessHoursSchema = z.object({
  weeklySchedule: z.optional(WeeklyScheduleSchema),
  timeZone: z.optional(TimeZoneSchema),
});

const BrandColorSchema = z.string().check(z.regex(BRAND_COLOR_PATTERN, 'must be a colour written #rrggbb'));

export const BusinessLocationSchema = z.object({
  name: z.optional(z.string().check(z.maxLength(BUSINESS.maxLocationNameLength))),
  address: z.optional(z.string().check(z.maxLength(BUSINESS.maxAddressLength))),
  isPrimary: z._default(z.boolean(), false),
  hours: z.optional(BusinessHoursSchema),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z.optional(BrandColorSchema),
});

export const SuggestedQuestionSchema = z.object({
  line1: z.string().check(z.minLength(1), z.maxLength(BUSINESS.maxQuestionLineLength)),
  line2: z._default(z.string().check(z.maxLength(BUSINESS.maxQuestionLineLength)), ''),
});

/** One of the business's own questions and answers, which the language-model assistant may quote. */
export const FaqEntrySchema = z.object({
  question: z.string().check(z.minLength(1), z.maxLength(FAQ.maxQuestionLength)),
  answer: z.string().check(z.minLength(1), z.maxLength(FAQ.maxAnswerLength)),
});

export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);

/** A document id: what Firestore accepts and what is safe in a URL path segment. */
export const DocumentIdSchema = zodOf(DocumentIdCheck);

export const HandleSchema = zodOf(HandleCheck);

/** §3 Business, as stored in the 'businesses' collection. */
export const BusinessSchema = z.object({
  id: DocumentIdSchema,
  handle: HandleSchema,
  businessName: z.string().check(z.minLength(1), z.maxLength(BUSINESS.maxNameLength)),
  /** One or two sentences on what the business does; the assistant uses it to introduce the business. */
  description: z.optional(z.string().check(z.maxLength(BUSINESS.maxDescriptionLength))),
  suggestedQuestions: z._default(
    z.array(SuggestedQuestionSchema).check(z.maxLength(BUSINESS.maxSuggestedQuestions)),
    [],
  ),
  /** Optional questions and answers in the business's own words, for the assistant to answer from. */
  faq: z.optional(z.array(FaqEntrySchema).check(z.maxLength(FAQ.maxEntries))),
  verification: z.object({ status: VerificationStatusSchema }),
  locations: z._default(z.array(BusinessLocationSchema).check(z.maxLength(BUSINESS.maxLocations)), []),
  hours: z.optional(BusinessHoursSchema),
  /** The business's colour for the chat's header, the visitor's bubbles and the send button. */
  brandColor: z.optional(BrandColorSchema),
});
