/**
 * §3 Business: the field rules (../fields/business-fields.ts), the predicates the page needs, and the
 * types, which are the zod schemas' (../schema/business.ts, `import type`: erased from the page's
 * bundle). The schemas take their rules from ../fields, never from here, so nothing imports back.
 */
import type * as z from 'zod/mini';
import { ProviderError } from '../errors.js';
import { DOCUMENT_ID, HANDLE } from '../fields/business-fields.js';
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

export * from '../fields/business-fields.js';

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

/**
 * Refuses what only a business that can be chatted with allows — a new conversation, a chat turn — with
 * 'permission-denied' (403), as firestore.rules (isApprovedBusiness) and the chat service refuse it.
 */
export function assertChatEnabled(business: Pick<Business, 'id' | 'verification'>): void {
  if (!isChatEnabled(business)) {
    throw new ProviderError(
      'permission-denied',
      `Business ${business.id} is not approved for chatting (its verification is ${business.verification.status})`,
    );
  }
}
