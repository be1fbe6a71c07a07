/** Businesses for component tests, shaped like mock-server/fixtures/businesses.json. */
import { BusinessSchema, type Business } from '@chat/core';

const allWeekOpen = {
  timeZone: 'America/New_York',
  weeklySchedule: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      { isOpen: true, intervals: [{ start: '00:00', end: '23:59' }] },
    ]),
  ),
};

export const approvedBusiness: Business = BusinessSchema.parse({
  id: 'bella-vista-salon',
  handle: 'bellavista',
  businessName: 'Bella Vista Salon',
  suggestedQuestions: [
    { line1: 'What are your opening hours?', line2: "See when we're open this week" },
    { line1: 'Which services do you offer?', line2: 'Cuts, color, nails and more' },
  ],
  verification: { status: 'approved' },
  locations: [{ name: 'Park Slope', isPrimary: true, hours: allWeekOpen }],
});

export const pendingBusiness: Business = BusinessSchema.parse({
  id: 'sunrise-bakery',
  handle: 'sunrisebakery',
  businessName: 'Sunrise Bakery',
  suggestedQuestions: [{ line1: 'When do you open?', line2: 'Fresh bread from early morning' }],
  verification: { status: 'pending' },
});

export const deniedBusiness: Business = BusinessSchema.parse({
  id: 'quickfix-garage',
  handle: 'quickfixgarage',
  businessName: 'QuickFix Garage',
  suggestedQuestions: [{ line1: 'Can you fix my brakes?', line2: '' }],
  verification: { status: 'denied' },
});

/** Closed every day, so a conversation created for it is outside business hours. */
export const closedBusiness: Business = BusinessSchema.parse({
  id: 'closed-shop',
  handle: 'closedshop',
  businessName: 'Closed Shop',
  verification: { status: 'approved' },
  hours: {
    timeZone: 'UTC',
    weeklySchedule: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
        day,
        { isOpen: false, intervals: [] },
      ]),
    ),
  },
});

export const testBusinesses: Business[] = [approvedBusiness, pendingBusiness, deniedBusiness, closedBusiness];
