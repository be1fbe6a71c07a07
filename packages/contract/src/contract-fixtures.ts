import type { Business } from '@chat/core';

/** The test number every backend under contract must accept, with a fixed code (issue 3 point 6). */
export const TEST_PHONE_NUMBER = '+15555550100';
export const TEST_PHONE_DISPLAY_NAME = 'Test Visitor';

/** A short unique suffix, so each test's documents never meet another test's, whatever reset() keeps. */
export function uniqueSuffix(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

/** A complete, approved business with a unique id and handle; override any field. */
export function contractBusiness(overrides: Partial<Business> = {}): Business {
  const suffix = uniqueSuffix();
  return {
    id: `contract-biz-${suffix}`,
    handle: `contract${suffix}`,
    businessName: 'Contract Cafe',
    description: 'A cafe that exists only for the contract tests.',
    suggestedQuestions: [{ line1: 'What are your opening hours?', line2: 'See when we are open' }],
    verification: { status: 'approved' },
    locations: [
      {
        name: 'Contract Cafe — Main Street',
        address: '1 Main Street, Springfield',
        isPrimary: true,
        hours: {
          timeZone: 'America/New_York',
          weeklySchedule: {
            monday: { isOpen: true, intervals: [{ start: '08:00', end: '18:00' }] },
            tuesday: { isOpen: true, intervals: [{ start: '08:00', end: '18:00' }] },
            wednesday: { isOpen: true, intervals: [{ start: '08:00', end: '18:00' }] },
            thursday: { isOpen: true, intervals: [{ start: '08:00', end: '18:00' }] },
            friday: { isOpen: true, intervals: [{ start: '08:00', end: '18:00' }] },
            saturday: { isOpen: true, intervals: [{ start: '09:00', end: '14:00' }] },
            sunday: { isOpen: false, intervals: [] },
          },
        },
      },
    ],
    ...overrides,
  };
}
